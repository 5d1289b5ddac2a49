// The money screens as an admin walks them: /userDetail (figures, Add Balance, Block/Unblock),
// /withdraw (initiate once, a second attempt refused, cancel, filter, export) and /profit (a
// preview, a refused stale preview, the distribution applied and checked in /userDetail).
// The tests share the seeded wallets and run in order.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { adminCredentials, createMemberSession, expect, expectAccessible, signInAdmin, test } from './fixtures.js';
import { readDownload } from './xlsx.js';

test.describe.configure({ mode: 'serial' });

interface Figures {
  amount: number;
  highRiskAmount: number;
  lowRiskAmount: number;
  reservedAmount: number;
  withdrawAmount: number;
  depositAmount: number;
  interestEarned: number;
}

/** `$1,234.50`: how the screens must write cents (computed here independently of the app). */
const usd = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** What one wallet gets from a distribution of `basisPoints` (rounded down). */
const share = (cents: number, basisPoints: number) => Math.floor((cents * basisPoints) / 10_000);

async function adminToken(request: APIRequestContext) {
  const response = await request.post('/v1/auth/adminlogin', { data: { ...adminCredentials, remember: false } });
  return ((await response.json()) as { token: string }).token;
}
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A seeded member's id, found by name in the admin lists (customers, then providers). */
async function memberId(request: APIRequestContext, token: string, name: string): Promise<string> {
  for (const list of ['users', 'vendors']) {
    const body = (await (
      await request.get(`/v1/admin/${list}?q=${encodeURIComponent(name)}`, { headers: auth(token) })
    ).json()) as { data: { _id: string; name: string }[] };
    const found = body.data.find((row) => row.name === name);
    if (found) return found._id;
  }
  throw new Error(`no member named ${name}`);
}

async function walletOf(request: APIRequestContext, token: string, id: string): Promise<Figures> {
  const body = (await (await request.get(`/v1/transaction/userAllDetail/${id}`, { headers: auth(token) })).json()) as {
    data: { wallet: Figures };
  };
  return body.data.wallet;
}

/** The figure shown under a label in a section of /userDetail. */
const figure = (section: Locator, label: string) => section.locator(`div:has(> dt:text-is("${label}")) > dd`);

async function expectFigures(page: Page, wallet: Figures) {
  const section = page.getByRole('region', { name: 'Wallet' });
  await expect(figure(section, 'Amount')).toHaveText(usd(wallet.amount));
  await expect(figure(section, 'Aggressive')).toHaveText(usd(wallet.highRiskAmount));
  await expect(figure(section, 'Conservative')).toHaveText(usd(wallet.lowRiskAmount));
  await expect(figure(section, 'Withdraw Amount')).toHaveText(usd(wallet.withdrawAmount));
  await expect(figure(section, 'Deposit Amount')).toHaveText(usd(wallet.depositAmount));
  await expect(figure(section, 'Interest Earned')).toHaveText(usd(wallet.interestEarned));
}

/** Console errors other than the browser's note of a refusal the test provoked on purpose. */
const unexpected = (errors: string[], provoked: number[]) =>
  errors.filter((line) => !provoked.some((code) => line.includes(`status of ${code}`)));

test('/userDetail: the figures, Add Balance with its checks, the transactions and tickets; Block and Unblock', async ({
  page,
  request,
  consoleErrors,
}) => {
  const token = await adminToken(request);
  const emily = await memberId(request, token, 'Emily Carter');
  const before = await walletOf(request, token, emily);
  expect(before.lowRiskAmount).toBeGreaterThan(0);

  await signInAdmin(page, request);
  await page.goto(`/userDetail?id=${emily}`);
  await expect(page.getByRole('heading', { name: 'Welcom Admin' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'User Detail' })).toBeVisible();
  await expect(page).toHaveTitle(/User Detail/);
  const info = page.getByRole('region', { name: 'User info' });
  await expect(figure(info, 'Name')).toHaveText('Emily Carter');
  await expect(figure(info, 'Role')).toHaveText('Customer');
  await expect(figure(info, 'Access')).toHaveText('Not blocked');
  await expectFigures(page, before);

  // Her transactions: the seed's deposit and Conservative investment, the newest first.
  const transactions = page.getByRole('table', { name: 'Transactions' });
  for (const header of ['Title', 'Amount', 'Date', 'Type', 'Status'])
    await expect(transactions.getByRole('columnheader', { name: header })).toBeVisible();
  await expect(transactions.getByRole('row').filter({ hasText: 'Conservative investment' })).toContainText(
    'Investment (Conservative)',
  );
  await expect(transactions.getByRole('row').filter({ hasText: 'Bank transfer' })).toContainText(/Deposit.*Accepted/);
  await expect(transactions.getByRole('row').nth(1).locator('td').nth(2)).toHaveText(
    /^[A-Z][a-z]{2} \d{1,2}(st|nd|rd|th) \d{2}$/,
  );
  await expect(page.getByText('No tickets.')).toBeVisible();
  await expectAccessible(page);

  // Add Balance: the contract's messages, then 12.34 added once the server said so.
  await page.getByRole('button', { name: 'Add Balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Balance' });
  const amount = dialog.getByLabel('Amount ($)');
  for (const [typed, message] of [
    ['', 'Please enter an amount.'],
    ['abc', 'The amount must be a number.'],
    ['0', 'The amount must be greater than 0.'],
    ['1.234', 'The amount can have at most 2 decimals.'],
    ['1000000.01', 'The amount can be at most $1,000,000.'],
  ] as const) {
    await amount.fill(typed);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(message);
  }
  await expect(page.getByText('Balance Added Successfully!')).toHaveCount(0);
  await expectAccessible(page);
  await amount.fill('12.34');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Balance Added Successfully!' })).toBeVisible();
  await expect(dialog).toBeHidden();
  const added = { ...before, amount: before.amount + 1234, depositAmount: before.depositAmount + 1234 };
  await expectFigures(page, added);
  expect(await walletOf(request, token, emily)).toEqual(added);
  const newest = transactions.getByRole('row').nth(1);
  await expect(newest).toContainText('Balance added by Doorstep');
  await expect(newest.locator('td').nth(1)).toHaveText('$12.34');
  await expect(newest.locator('td').nth(3)).toHaveText('Deposit');
  await expect(newest.locator('td').nth(4)).toHaveText('Accepted');

  // A member with tickets: their subjects, In Progress / Resolved, and the link to the ticket.
  const michael = await memberId(request, token, 'Michael Johnson');
  await page.goto(`/userDetail?id=${michael}`);
  const tickets = page.getByRole('table', { name: 'Tickets' });
  const ticket = tickets.getByRole('row').filter({ hasText: 'Withdrawal still pending' });
  await expect(ticket).toContainText('In Progress');
  await expect(ticket.getByRole('link', { name: 'Withdrawal still pending' })).toHaveAttribute(
    'href',
    /^\/ticketdetail\?id=[0-9a-f-]{36}$/,
  );
  // His withdraw request awaiting the admin has the two actions here too.
  const awaiting = transactions.getByRole('row').filter({ hasText: 'Awaiting' });
  await expect(awaiting.getByRole('button', { name: /^Initiate withdraw request: / })).toBeVisible();
  await expect(awaiting.getByRole('button', { name: /^Cancel withdraw request: / })).toBeVisible();

  // Block and Unblock: the label is the state the server holds, before and after a reload.
  const member = await createMemberSession(request, 'Block Bella');
  await page.goto(`/userDetail?id=${member.user._id}`);
  await expect(figure(info, 'Name')).toHaveText('Block Bella');
  await expectFigures(page, {
    amount: 0,
    highRiskAmount: 0,
    lowRiskAmount: 0,
    reservedAmount: 0,
    withdrawAmount: 0,
    depositAmount: 0,
    interestEarned: 0,
  });
  await expect(page.getByText('No transactions yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Block Block Bella?' })
    .getByRole('button', { name: 'Block', exact: true })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Block User Successfully!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unblock', exact: true })).toBeVisible();
  await expect(figure(info, 'Access')).toHaveText('Blocked');
  // Blocking ended the member's session at once.
  expect((await request.get('/v1/auth/me', { headers: auth(member.token) })).status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Unblock', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Unblock', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Unblock Block Bella?' })
    .getByRole('button', { name: 'Unblock', exact: true })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Unblock User Successfully!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Block', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Block', exact: true })).toBeVisible();
  await expect(figure(info, 'Access')).toHaveText('Not blocked');

  // No id, or an id of nobody: a clear message and the way back.
  await page.goto('/userDetail');
  await expect(page.getByRole('alert')).toContainText('No user was chosen.');
  await page.goto('/userDetail?id=7d3c6a52-4f7b-4d0c-9a55-2f1f0e8c1a11');
  await expect(page.getByRole('alert')).toContainText('This member was not found.');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to User Listing' }).click();
  await expect(page).toHaveURL(/\/userlisting$/);
  // The unknown id's 404 is the only refusal the page met.
  expect(unexpected(consoleErrors, [404])).toEqual([]);
});

test('/withdraw: initiate one request, a second attempt refused, cancel another, filter and export', async ({
  page,
  request,
  context,
  consoleErrors,
}) => {
  const token = await adminToken(request);
  const awaiting = (await (
    await request.get('/v1/transaction/unapprovedTransactionList', { headers: auth(token) })
  ).json()) as {
    data: { _id: string; title: string; amount: number; user: { email: string; name: string } }[];
  };
  // The seed's requests only: members that other tests create (m<phone>@example.com) may add and
  // resolve their own requests meanwhile, so rows are checked one by one, never counted.
  const seeded = awaiting.data.filter((row) => !/^m\d+@example\.com$/.test(row.user.email));
  expect(seeded.length).toBeGreaterThanOrEqual(2);
  const [first, second] = seeded as [(typeof awaiting.data)[number], (typeof awaiting.data)[number]];

  await signInAdmin(page, request);
  await page.goto('/withdraw');
  await expect(page.getByRole('heading', { name: 'Withdraw Requests' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Withdraw Requests' });
  for (const header of ['Email', 'Title', 'Amount', 'Date', 'Status', 'Stripe transfer'])
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  const firstRow = table.getByRole('row').filter({ hasText: first.user.email });
  await expect(firstRow).toContainText(usd(first.amount));
  await expect(firstRow).toContainText('Awaiting');
  // Asked for by hand: the admin pays it (a weekly Stripe transfer would show its state instead).
  await expect(firstRow).toContainText('By hand');
  await expectAccessible(page);

  // A second tab opens the list before anything is resolved.
  const other = await context.newPage();
  await other.goto('/withdraw');
  const otherTable = other.getByRole('table', { name: 'Withdraw Requests' });
  await expect(
    otherTable
      .getByRole('row')
      .filter({ hasText: first.user.email })
      .filter({ hasText: usd(first.amount) }),
  ).toBeVisible();

  // Initiate the first: asked first, then paid out; it leaves the awaiting list.
  await firstRow.getByRole('button', { name: /^Initiate withdraw request: / }).click();
  const confirm = page.getByRole('dialog', { name: 'Initiate withdraw request' });
  await expect(confirm).toContainText(`Pay out ${usd(first.amount)} to ${first.user.email}?`);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Initiate' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Withdraw request initiated' })).toBeVisible();
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: first.user.email })
      .filter({ hasText: usd(first.amount) }),
  ).toHaveCount(0);

  // A second attempt through the API is refused, and nothing moves twice.
  const again = await request.post('/v1/transaction/initiateAdminWithdrawRequest', {
    headers: auth(token),
    data: { id: first._id },
  });
  expect(again.status()).toBe(409);
  expect(await again.json()).toEqual({
    status: 0,
    code: 'conflict',
    requestId: expect.any(String),
    message: 'This withdraw request has already been resolved.',
  });

  // The stale tab tries the same request: the server's refusal shows, and its list refreshes.
  const staleRow = otherTable
    .getByRole('row')
    .filter({ hasText: first.user.email })
    .filter({ hasText: usd(first.amount) });
  await staleRow.getByRole('button', { name: /^Cancel withdraw request: / }).click();
  await other
    .getByRole('dialog', { name: 'Cancel withdraw request' })
    .getByRole('button', { name: 'Cancel request' })
    .click();
  await expect(
    other.getByRole('alert').filter({ hasText: 'This withdraw request has already been resolved.' }),
  ).toBeVisible();
  await expect(staleRow).toHaveCount(0);
  await other.close();

  // Cancel the second: its amount goes back to the member.
  const secondRow = table
    .getByRole('row')
    .filter({ hasText: second.user.email })
    .filter({ hasText: usd(second.amount) });
  await secondRow.getByRole('button', { name: /^Cancel withdraw request: / }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel withdraw request' });
  await expect(cancel).toContainText(`Cancel the withdraw of ${usd(second.amount)} for ${second.user.email}?`);
  await cancel.getByRole('button', { name: 'Cancel request' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Withdraw request cancelled' })).toBeVisible();
  await expect(secondRow).toHaveCount(0);

  // The status filter: the resolved requests under Accepted and Rejected, every one under All.
  const show = page.getByLabel('Show');
  await show.selectOption({ label: 'Accepted' });
  await expect(page).toHaveURL(/status=1/);
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: first.user.email })
      .filter({ hasText: usd(first.amount) }),
  ).toContainText('Accepted');
  await expect(table.getByRole('button', { name: /withdraw request/ })).toHaveCount(0);
  await show.selectOption({ label: 'Rejected' });
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: second.user.email })
      .filter({ hasText: usd(second.amount) }),
  ).toContainText('Rejected');
  await show.selectOption({ label: 'All' });
  await expect(page).toHaveURL(/status=all/);

  // Sorted by amount, largest first, and exported as shown: the whole filtered list.
  await page.getByRole('button', { name: 'Sort by Amount' }).click();
  await page.getByRole('button', { name: 'Sort by Amount' }).click();
  await expect(page.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'descending');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const rows = await readDownload(await downloading);
  expect(rows[0]).toEqual(['Email', 'User Name', 'Title', 'Amount', 'Date', 'Status', 'Stripe transfer']);
  // The header says descending as soon as the URL does; the rows follow when the sorted page
  // arrives, so the comparison waits for them rather than reading the previous order.
  await expect(table.getByRole('row').locator('td:nth-child(3)')).toHaveText(
    rows.slice(1).map((row) => usd(Math.round(Number(row[3]) * 100))),
  );
  expect(rows).toContainEqual([
    first.user.email,
    first.user.name,
    first.title,
    first.amount / 100,
    expect.any(Date),
    'Accepted',
    'By hand',
  ]);
  expect(rows).toContainEqual([
    second.user.email,
    second.user.name,
    second.title,
    second.amount / 100,
    expect.any(Date),
    'Rejected',
    'By hand',
  ]);
  await expectAccessible(page);
  expect(unexpected(consoleErrors, [409])).toEqual([]);
});

test('/profit: checks, a preview, a stale one refused, the distribution applied exactly and seen in /userDetail', async ({
  page,
  request,
  consoleErrors,
}) => {
  const token = await adminToken(request);
  // The seed's Conservative holders.
  const holders = await Promise.all(
    ['Demo Customer', 'Emily Carter', 'Sarah Mitchell', 'Demo Provider'].map((name) => memberId(request, token, name)),
  );
  const emily = holders[1]!;
  const held = await Promise.all(holders.map(async (id) => (await walletOf(request, token, id)).lowRiskAmount));
  const categories = (await (await request.get('/v1/transaction/riskCategories', { headers: auth(token) })).json()) as {
    data: { _id: string; name: string }[];
  };
  const lowrisk = categories.data.find((c) => c.name === 'lowrisk')!._id;

  await signInAdmin(page, request);
  await page.goto('/profit');
  await expect(page.getByRole('heading', { name: 'Distribute Profit' })).toBeVisible();
  const calculate = page.getByRole('button', { name: 'Calculate' });
  const distribute = page.getByRole('button', { name: 'Distribute' });
  await expect(distribute).toBeDisabled();

  // The checks, in the form's order, with the contract's messages.
  await calculate.click();
  await expect(page.getByText('Please choose a risk category.')).toBeVisible();
  await expect(page.getByText('Please choose profit or loss.')).toBeVisible();
  await expect(page.getByText('Please enter a percentage.')).toBeVisible();
  await page.getByRole('radio', { name: 'Conservative' }).check();
  await page.getByRole('radio', { name: 'Loss' }).check();
  const percentage = page.getByLabel('Percentage (%)');
  for (const [typed, message] of [
    ['150', 'A loss can be at most 100%.'],
    ['2.555', 'The percentage can have at most 2 decimals.'],
    ['-1', 'The percentage must be greater than 0.'],
    ['ten', 'The percentage must be a number.'],
  ] as const) {
    await percentage.fill(typed);
    await calculate.click();
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  }
  await expectAccessible(page);

  // Calculate a profit of 2.5% for Conservative: the preview names exactly what would move.
  await page.getByRole('radio', { name: 'Profit' }).check();
  await percentage.fill('2.5');
  await calculate.click();
  const preview = page.getByRole('region', { name: 'Preview' });
  const total = held.reduce((sum, cents) => sum + share(cents, 250), 0);
  const heldTotal = held.reduce((sum, cents) => sum + cents, 0);
  await expect(figure(preview, 'Total Amount')).toHaveText(usd(total));
  await expect(figure(preview, 'Percentage')).toHaveText('2.50%');
  await expect(figure(preview, 'Risk Category')).toHaveText('Conservative');
  await expect(figure(preview, 'Transaction Type')).toHaveText('Profit');
  await expect(figure(preview, 'Wallets')).toHaveText(String(held.length));
  await expect(figure(preview, 'Conservative holds now')).toHaveText(usd(heldTotal));
  await expect(figure(preview, 'After distribution')).toHaveText(usd(heldTotal + total));
  await expect(distribute).toBeEnabled();
  await expectAccessible(page);

  // Changing an input spends the preview until Calculate again.
  await percentage.fill('3');
  await expect(page.getByText('The inputs changed since Calculate. Calculate again to distribute.')).toBeVisible();
  await expect(distribute).toBeDisabled();
  await percentage.fill('2.5');
  await expect(distribute).toBeEnabled();

  // Meanwhile another distribution changes the Conservative wallets: this preview is refused.
  const other = (await (
    await request.post('/v1/transaction/calculatePercentage', {
      headers: auth(token),
      data: { riskCategory: lowrisk, transaction_type: 'profit', percentage: 1 },
    })
  ).json()) as { data: { previewKey: string } };
  const applied = await request.post('/v1/transaction/adminDistribution', {
    headers: auth(token),
    data: { riskCategory: lowrisk, transaction_type: 'profit', percentage: 1, previewKey: other.data.previewKey },
  });
  expect(applied.status()).toBe(200);
  const afterOther = held.map((cents) => cents + share(cents, 100));
  await distribute.click();
  await expect(preview.getByRole('alert')).toHaveText('The wallets changed since the preview. Please calculate again.');
  await expect(distribute).toBeDisabled();

  // Calculate again and distribute: once, then to the user listing.
  const emilyBefore = await walletOf(request, token, emily);
  expect(emilyBefore.lowRiskAmount).toBe(afterOther[1]);
  const answered = page.waitForResponse((response) => response.url().endsWith('/transaction/calculatePercentage'));
  await calculate.click();
  const key = ((await (await answered).json()) as { data: { previewKey: string; totalAmount: number } }).data;
  const expectedTotal = afterOther.reduce((sum, cents) => sum + share(cents, 250), 0);
  expect(key.totalAmount).toBe(expectedTotal);
  await expect(figure(preview, 'Total Amount')).toHaveText(usd(expectedTotal));
  await distribute.dblclick();
  await expect(page).toHaveURL(/\/userlisting$/);
  await expect(page.getByRole('status').filter({ hasText: 'Successfully Submitted!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'User Listing' })).toBeVisible();

  // The double click and a repeated submit applied it once.
  const repeat = await request.post('/v1/transaction/adminDistribution', {
    headers: auth(token),
    data: { riskCategory: lowrisk, transaction_type: 'profit', percentage: '2.50', previewKey: key.previewKey },
  });
  expect(repeat.status()).toBe(409);
  expect((await repeat.json()).message).toBe('This distribution has already been applied.');

  // Emily's Conservative money and interest moved by exactly her share; her amount did not.
  const gain = share(emilyBefore.lowRiskAmount, 250);
  await page.goto(`/userDetail?id=${emily}`);
  await expectFigures(page, {
    ...emilyBefore,
    lowRiskAmount: emilyBefore.lowRiskAmount + gain,
    interestEarned: emilyBefore.interestEarned + gain,
  });
  const row = page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1);
  await expect(row).toContainText('Profit of 2.50% (Conservative)');
  await expect(row.locator('td').nth(1)).toHaveText(usd(gain));
  await expect(row.locator('td').nth(3)).toContainText('Admin Profit');
  await expect(row.locator('td').nth(3)).toContainText('Profit');
  expect(unexpected(consoleErrors, [409])).toEqual([]);
});
