// The member's wallet and a ticket from both sides, and the referral link:
// - an admin adds a balance on /userDetail; the member invests in Conservative, moves some back and
//   requests a withdraw on /wallet; the admin initiates it on /withdraw and the member's page shows
//   the figures and the transaction's status change;
// - a member opens a ticket on /tickets/new, the admin answers on /ticketdetail, the member sees the
//   answer and the notification, replies, and a reply to the resolved ticket opens it again;
// - a member's referral link on /Profiles signs a new member up and counts them.
import type { Browser, Page } from '@playwright/test';
import {
  createMemberSession,
  expect,
  expectAccessible,
  lastCode,
  newPhone,
  signInAdmin,
  signInMember,
  test,
  type MemberSession,
} from './fixtures.js';

/** The figure shown under a label on /wallet. */
const figure = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Your figures' }).locator(`div:has(> dt:text-is("${label}")) > dd`);

async function expectFigures(page: Page, figures: Record<string, string>) {
  for (const [label, value] of Object.entries(figures)) await expect(figure(page, label), label).toHaveText(value);
}

async function adminPage(browser: Browser, request: Parameters<typeof signInAdmin>[1]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signInAdmin(page, request);
  return { page, errors, close: () => context.close() };
}

async function openMenuItem(page: Page, member: MemberSession, item: string) {
  await page.getByRole('button', { name: new RegExp(member.user.name) }).click();
  await page.getByRole('link', { name: item, exact: true }).click();
}

test('the wallet from both sides: Add Balance, invest, move back, withdraw, the admin pays it out', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  const member = await createMemberSession(request, 'Wallet Wendy');
  const admin = await adminPage(browser, request);

  // The admin gives the member $100.00 through Add Balance.
  await admin.page.goto(`/userDetail?id=${member.user._id}`);
  await admin.page.getByRole('button', { name: 'Add Balance' }).click();
  await admin.page.getByRole('dialog', { name: 'Add Balance' }).getByLabel('Amount ($)').fill('100');
  await admin.page
    .getByRole('dialog', { name: 'Add Balance' })
    .getByRole('button', { name: 'Add', exact: true })
    .click();
  await expect(admin.page.getByRole('status').filter({ hasText: 'Balance Added Successfully!' })).toBeVisible();

  // The member finds the wallet in the user menu.
  await signInMember(page, member);
  await page.goto('/Home_new');
  await openMenuItem(page, member, 'Wallet');
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Wallet/);
  await expectFigures(page, {
    'Amount (free)': '$100.00',
    Conservative: '$0.00',
    Aggressive: '$0.00',
    'Reserved for withdraws': '$0.00',
    'Deposit Amount': '$100.00',
    'Withdraw Amount': '$0.00',
    'Interest Earned': '$0.00',
  });
  const transactions = page.getByRole('table', { name: 'Your transactions' });
  await expect(transactions.getByRole('row').nth(1)).toContainText('Balance added by Doorstep');
  await expect(transactions.getByRole('row').nth(1)).toContainText(/\$100\.00.*Deposit.*Accepted/);
  await expect(page.getByRole('button', { name: 'Move back' })).toBeDisabled();
  await expectAccessible(page);

  // Invest: the amount is checked here with the contract's messages, and against what is free.
  await page.getByRole('button', { name: 'Invest' }).click();
  const invest = page.getByRole('dialog', { name: 'Invest' });
  await expect(invest.getByLabel('Conservative')).toBeChecked();
  await expect(invest.getByText('Dollars, up to 2 decimals. Available: $100.00.')).toBeVisible();
  const amount = invest.getByLabel('Amount ($)');
  for (const [typed, message] of [
    ['', 'Please enter an amount.'],
    ['0', 'The amount must be greater than 0.'],
    ['1.234', 'The amount can have at most 2 decimals.'],
    ['100.01', 'You can use at most $100.00.'],
  ] as const) {
    await amount.fill(typed);
    await invest.getByRole('button', { name: 'Confirm' }).click();
    await expect(invest.getByRole('alert')).toHaveText(message);
  }
  await expectAccessible(page);
  await amount.fill('40.50');
  await invest.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: '$40.50 invested in Conservative.' })).toBeVisible();
  await expect(invest).toBeHidden();
  await expectFigures(page, { 'Amount (free)': '$59.50', Conservative: '$40.50', Aggressive: '$0.00' });
  await expect(transactions.getByRole('row').nth(1)).toContainText(
    /Investment in Conservative.*\$40\.50.*Investment \(Conservative\).*Accepted/,
  );

  // Move some back from Conservative.
  await page.getByRole('button', { name: 'Move back' }).click();
  const divest = page.getByRole('dialog', { name: 'Move back to your amount' });
  await expect(divest.getByText('Available: $40.50.')).toBeVisible();
  await divest.getByLabel('Amount ($)').fill('10');
  await divest.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: '$10.00 moved back from Conservative to your amount.' }),
  ).toBeVisible();
  await expectFigures(page, { 'Amount (free)': '$69.50', Conservative: '$30.50' });
  await expect(transactions.getByRole('row').nth(1)).toContainText(
    /Moved back from Conservative.*\$10\.00.*Divestment \(Conservative\).*Accepted/,
  );

  // Request a withdraw: reserved at once, awaiting the admin.
  await page.getByRole('button', { name: 'Withdraw' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Request a withdraw' });
  await withdraw.getByLabel('Amount ($)').fill('25');
  await withdraw.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Withdraw of $25.00 requested.' })).toBeVisible();
  await expectFigures(page, {
    'Amount (free)': '$44.50',
    'Reserved for withdraws': '$25.00',
    'Withdraw Amount': '$0.00',
  });
  const request25 = transactions.getByRole('row').nth(1);
  await expect(request25).toContainText(/Withdraw request.*\$25\.00.*Withdraw.*Awaiting/);
  await expectAccessible(page);

  // The admin sees it on /withdraw and initiates it.
  await admin.page.goto('/withdraw');
  const row = admin.page
    .getByRole('table', { name: 'Withdraw Requests' })
    .getByRole('row')
    .filter({ hasText: member.email });
  await expect(row).toContainText('$25.00');
  await expect(row).toContainText('Awaiting');
  await row.getByRole('button', { name: /^Initiate withdraw request: / }).click();
  await admin.page
    .getByRole('dialog', { name: 'Initiate withdraw request' })
    .getByRole('button', { name: 'Initiate' })
    .click();
  await expect(admin.page.getByRole('status').filter({ hasText: 'Withdraw request initiated' })).toBeVisible();

  // The member's open page follows (the notification arrives live): paid out, Accepted.
  await expect(request25).toContainText(/Withdraw request.*\$25\.00.*Withdraw.*Accepted/, { timeout: 15_000 });
  await expectFigures(page, {
    'Amount (free)': '$44.50',
    'Reserved for withdraws': '$0.00',
    'Withdraw Amount': '$25.00',
    Conservative: '$30.50',
  });
  await page.reload();
  await expectFigures(page, {
    'Amount (free)': '$44.50',
    'Reserved for withdraws': '$0.00',
    'Withdraw Amount': '$25.00',
    'Deposit Amount': '$100.00',
  });
  // On a phone: date and type move under the title; the page still passes axe.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(transactions.getByRole('columnheader', { name: 'Date' })).toBeHidden();
  await expect(request25).toContainText('Accepted');
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The admin's /userDetail shows the same figures.
  await admin.page.goto(`/userDetail?id=${member.user._id}`);
  const wallet = admin.page.getByRole('region', { name: 'Wallet' });
  await expect(wallet.locator('div:has(> dt:text-is("Amount")) > dd')).toHaveText('$44.50');
  await expect(wallet.locator('div:has(> dt:text-is("Conservative")) > dd')).toHaveText('$30.50');
  await expect(wallet.locator('div:has(> dt:text-is("Withdraw Amount")) > dd')).toHaveText('$25.00');

  expect(consoleErrors).toEqual([]);
  expect(admin.errors).toEqual([]);
  await admin.close();
});

test('a ticket from both sides: opened, answered, the notification, a reply, reopened', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  const member = await createMemberSession(request, 'Ticket Tom');
  await signInMember(page, member);
  await page.goto('/Home_new');
  await openMenuItem(page, member, 'My tickets');
  await expect(page).toHaveURL(/\/my-tickets$/);
  await expect(page.getByRole('heading', { name: 'My tickets', level: 1 })).toBeVisible();
  await expect(page.getByText('You have no tickets yet.')).toBeVisible();
  await expectAccessible(page);

  // Both fields are required.
  await page.getByRole('link', { name: 'New ticket' }).click();
  await expect(page).toHaveURL(/\/tickets\/new$/);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please enter a subject')).toBeVisible();
  await expect(page.getByText('Please enter your message')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Subject').fill('Cleaner arrived late');
  await page.getByLabel('Message').fill('The cleaner came an hour late on Monday.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Successfully Submitted!' })).toBeVisible();
  await expect(page).toHaveURL(/\/my-tickets\/[0-9a-f-]{36}$/);
  const ticketId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Cleaner arrived late', level: 1 })).toBeVisible();
  const ticket = page.getByRole('article', { name: 'Ticket' });
  await expect(ticket).toContainText('In Progress');
  await expect(ticket).toContainText('The cleaner came an hour late on Monday.');
  await expect(page.getByText('No replies yet. We will answer here.')).toBeVisible();
  await expectAccessible(page);

  // The admin answers on /ticketdetail.
  const admin = await adminPage(browser, request);
  await admin.page.goto(`/ticketdetail?id=${ticketId}`);
  await expect(admin.page.getByRole('heading', { name: 'Cleaner arrived late', level: 3 })).toBeVisible();
  await admin.page.getByLabel('Your reply').fill('Sorry about that. We refunded the travel fee.');
  await admin.page.getByRole('button', { name: 'Send' }).click();
  await expect(admin.page.getByText('Sent Successfully')).toBeVisible();

  // The member's open ticket shows the answer, and the bell counts the notification.
  const replies = page.getByRole('region', { name: 'Replies' }).getByRole('listitem');
  await expect(replies).toHaveCount(1, { timeout: 15_000 });
  await expect(replies.first()).toContainText('Doorstep support');
  await expect(replies.first()).toContainText('Sorry about that. We refunded the travel fee.');
  await expect(page.getByRole('link', { name: /1 unread/ }).first()).toBeVisible();
  await page.goto('/Notifications');
  await expect(
    page.getByText("Your ticket 'Cleaner arrived late' has an answer: Sorry about that. We refunded the travel fee."),
  ).toBeVisible();

  // The admin resolves it; the member's list says Resolved.
  await admin.page.getByRole('button', { name: 'Resolve' }).click();
  await admin.page
    .getByRole('dialog', { name: 'Resolve “Cleaner arrived late”?' })
    .getByRole('button', { name: 'Resolve' })
    .click();
  await expect(admin.page.getByText('Ticket resolved')).toBeVisible();
  await page.goto('/my-tickets');
  const listed = page.getByRole('listitem').filter({ hasText: 'Cleaner arrived late' });
  await expect(listed).toContainText('Resolved');
  await listed.getByRole('link', { name: 'Open ticket: Cleaner arrived late' }).click();
  await expect(page.getByRole('article', { name: 'Ticket' })).toContainText('Resolved');
  await expect(page.getByText('This ticket is resolved. A reply opens it again.')).toBeVisible();

  // The member replies: required first, then it joins the thread and the ticket is open again.
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Please enter your message')).toBeVisible();
  await page.getByLabel('Your reply').fill('Thank you, received.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sent Successfully' })).toBeVisible();
  await expect(replies).toHaveCount(2);
  await expect(replies.nth(1)).toContainText('You');
  await expect(replies.nth(1)).toContainText('Thank you, received.');
  await expect(page.getByRole('article', { name: 'Ticket' })).toContainText('In Progress');
  await expect(page.getByLabel('Your reply')).toHaveValue('');
  await expectAccessible(page);

  // The admin reads the member's reply under their name, and the ticket In Progress.
  await admin.page.reload();
  await expect(admin.page.getByRole('listitem').filter({ hasText: 'Thank you, received.' })).toContainText(
    'Ticket Tom',
  );
  await expect(admin.page.getByRole('article')).toContainText('In Progress');

  // Another member cannot read it.
  const other = await createMemberSession(request, 'Other Olga');
  const refused = await request.get(`/v1/tickets/${ticketId}`, { headers: { authorization: `Bearer ${other.token}` } });
  expect(refused.status()).toBe(403);

  expect(consoleErrors).toEqual([]);
  expect(admin.errors).toEqual([]);
  await admin.close();
});

test('the referral link on /Profiles signs a new member up and counts them', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  const member = await createMemberSession(request, 'Referring Rae');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInMember(page, member);
  await page.goto('/Profiles');
  const dialog = page.getByRole('dialog', { name: 'Profile Details' });
  const invite = dialog.getByRole('region', { name: 'Invite friends' });
  const code = (await invite.locator('div:has(> dt:text-is("Your referral code")) > dd').textContent())!.trim();
  expect(code).toMatch(/^[0-9A-F]{10}$/);
  const link = invite.getByLabel('Your referral link');
  await expect(link).toHaveValue(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/usersignup\\?ref=${code}$`));
  await expect(invite.getByText('0 members joined with your code.')).toBeVisible();
  await invite.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
  await expectAccessible(page);

  // A visitor opens the link in another browser and registers with the code shown.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const phone = newPhone();
  await visitor.goto(await link.inputValue());
  await expect(visitor.getByText(`Referral code: ${code}`)).toBeVisible();
  await visitor.getByLabel('Name', { exact: true }).fill('Newly Referred');
  await visitor.getByLabel('Email', { exact: true }).fill(`ref${phone}@example.com`);
  await visitor.getByLabel('Phone', { exact: true }).fill(phone);
  await visitor.getByRole('button', { name: 'Register' }).click();
  await expect(visitor).toHaveURL(/\/userotp$/);
  await visitor.getByLabel(/6-digit code/).fill(await lastCode(request, phone));
  await visitor.getByRole('button', { name: 'Verify' }).click();
  await expect(visitor.getByText('Signup successfully')).toBeVisible();

  // The template sign-up (/signup?ref=CODE) records a second one.
  const email = `refsignup${phone}@example.com`;
  await visitor.goto(`/signup?ref=${code}`);
  await expect(visitor.getByText(`Referral code: ${code}`)).toBeVisible();
  await visitor.getByLabel('First Name').fill('Second');
  await visitor.getByLabel('Last Name').fill('Referral');
  await visitor.getByLabel('Email', { exact: true }).fill(email);
  await visitor.getByLabel('Phone no.').fill(newPhone());
  await visitor.getByLabel('Password', { exact: true }).fill('Secret123');
  await visitor.getByLabel('Confirm Password').fill('Secret123');
  await visitor.getByRole('checkbox', { name: /I accept the/ }).check();
  await visitor.getByRole('button', { name: 'Sign Up' }).click();
  await expect(visitor).toHaveURL(/\/verify-account\?email=/);
  await visitorContext.close();

  await page.reload();
  await expect(
    page.getByRole('dialog', { name: 'Profile Details' }).getByText('2 members joined with your code.'),
  ).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
