// Every admin list fits its screen. At 1280 px each table's columns, its actions included, are
// inside the visible table area, with nothing to scroll sideways; on a phone (390 px) the page
// itself never scrolls sideways, and a table wider than the screen says so under it and can be
// scrolled from the keyboard, the row's name staying in view. Each list is read with its seeded
// rows (the customer and provider details with their own tables, through the first row of each
// member list). The lists inside detail pages filter by status, each under its own key in the URL;
// a clamped cell is read whole from the keyboard.
import type { Locator, Page } from '@playwright/test';
import { adminToken, auth, createMemberSession, expect, expectAccessible, signInAdmin, test } from './fixtures.js';

const lists = [
  '/userlisting',
  '/vendor',
  '/bookinglist',
  '/services',
  '/banners',
  '/offers',
  '/support',
  '/notification',
  '/faq',
  '/withdraw',
  '/tickets',
  '/referral',
  '/ratings',
];

/** Each table of the page: how far it scrolls sideways, and the cells whose right edge is past its box. */
const measure = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main table')].map((table) => {
      const box = table.parentElement as HTMLElement;
      const right = box.getBoundingClientRect().right;
      const outside = [...table.querySelectorAll('th, td')]
        .filter((cell) => {
          const rect = cell.getBoundingClientRect();
          return rect.width > 0 && rect.right > right + 1;
        })
        .map((cell) => cell.textContent?.trim().slice(0, 30) ?? '');
      return {
        name: table.getAttribute('aria-labelledby') ?? '',
        scroll: box.scrollWidth - box.clientWidth,
        outside,
        focusable: box.tabIndex === 0,
      };
    }),
  );

/** A list with its rows (not the loading state); a detail page once its calls are answered (it may have no table). */
async function openList(page: Page, path: string) {
  await page.goto(path);
  if (/Detail\?/.test(path)) {
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    return;
  }
  await expect(page.locator('main table tbody tr').first()).toBeVisible();
}

test('at 1280 px every admin list shows all its columns and actions without sideways scrolling', async ({
  page,
  request,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(120_000);
  await signInAdmin(page, request);
  await page.setViewportSize({ width: 1280, height: 900 });
  const paths = [...lists];
  // The details of the first customer and of the first provider, which have tables of their own.
  for (const [list, detail] of [
    ['/userlisting', /\/userDetail\?/],
    ['/vendor', /\/vendorDetail\?/],
  ] as const) {
    await openList(page, list);
    const href = await page.locator('main table tbody tr').first().getByRole('link').first().getAttribute('href');
    if (href && detail.test(href)) paths.push(href);
  }
  expect(paths).toHaveLength(lists.length + 2);

  // Every list is read before the verdict, which names each one that does not fit.
  const problems: string[] = [];
  for (const path of paths) {
    await openList(page, path);
    for (const table of await measure(page)) {
      if (table.outside.length > 0 || table.scroll > 1)
        problems.push(
          `${path} ${table.name}: scrolls ${table.scroll} px; outside: ${table.outside.slice(0, 8).join(' | ')}`,
        );
    }
    if (await page.getByText('Scroll sideways for more columns →').count()) problems.push(`${path}: says to scroll`);
    await page.screenshot({ path: testInfo.outputPath(`${path.replace(/\W+/g, '-')}-1280.png`) });
  }
  expect(problems).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('on a phone a wide admin list scrolls inside its box, says so, and keeps the row’s name in view', async ({
  page,
  request,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(120_000);
  await signInAdmin(page, request);
  await page.setViewportSize({ width: 390, height: 844 });
  let wide = 0;
  for (const path of lists) {
    await openList(page, path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    const tables = await measure(page);
    for (const table of tables.filter((t) => t.scroll > 1)) {
      wide += 1;
      expect(table.focusable, `${path} ${table.name}: the keyboard can scroll it`).toBe(true);
      await expect(page.getByText('Scroll sideways for more columns →').first(), path).toBeVisible();
    }
  }
  // The booking list is one of them: its name column stays put while the box scrolls.
  expect(wide).toBeGreaterThan(0);
  await openList(page, '/bookinglist');
  const box = page.locator('main table').first().locator('xpath=..');
  const nameCell = page.locator('main table tbody tr').first().locator('td:visible').first();
  const before = await nameCell.boundingBox();
  await box.evaluate((element) => element.scrollBy({ left: 200 }));
  await expect(async () => {
    expect((await nameCell.boundingBox())?.x).toBeCloseTo(before!.x, 0);
    expect(await box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  }).toPass();
  await page.screenshot({ path: testInfo.outputPath('bookinglist-390.png') });
  expect(consoleErrors).toEqual([]);
});

/** A block of a detail page: the region its heading names (the outer one: a wide table's box may bear the same name). */
const block = (page: Page, name: string) => page.getByRole('region', { name, exact: true }).first();

/** The text of one column (1-based) in every body row of a table. */
const column = (table: Locator, n: number) => table.locator(`tbody tr td:nth-child(${n})`);

test('/userDetail: the transactions and the tickets each have a Status filter, kept in the URL under its own key', async ({
  page,
  request,
  consoleErrors,
}) => {
  const token = await adminToken(request);
  const member = await createMemberSession(request, 'Filter Fiona');
  // 21 settled deposits (Accepted), then a withdraw request awaiting the admin: two pages.
  for (let i = 1; i <= 21; i++) {
    const added = await request.post('/v1/transaction/addBalanceToUser', {
      headers: auth(token),
      data: { amount: String(i), id: member.user._id },
    });
    expect(added.ok()).toBe(true);
  }
  expect(
    (await request.post('/v1/wallet/withdraw', { headers: auth(member.token), data: { amount: '15' } })).ok(),
  ).toBe(true);
  // Two tickets, the first one resolved.
  const ticketIds: string[] = [];
  for (const subject of ['Card declined', 'New address']) {
    const opened = await request.post('/v1/tickets', {
      headers: auth(member.token),
      data: { subject, message: `About: ${subject}` },
    });
    expect(opened.ok()).toBe(true);
    ticketIds.push(((await opened.json()) as { data: { _id: string } }).data._id);
  }
  expect((await request.post(`/v1/admin/tickets/${ticketIds[0]}/resolve`, { headers: auth(token) })).ok()).toBe(true);

  await signInAdmin(page, request);
  await page.goto(`/userDetail?id=${member.user._id}`);
  const transactionBlock = block(page, 'Transactions');
  const transactions = page.getByRole('table', { name: 'Transactions' });
  const ticketBlock = block(page, 'Tickets');
  const tickets = page.getByRole('table', { name: 'Tickets' });
  await expect(transactionBlock.getByText('1–20 of 22')).toBeVisible();
  await expect(column(transactions, 5).first()).toHaveText('Awaiting');
  await expect(column(tickets, 2)).toHaveText(['In Progress', 'Resolved']);
  await transactionBlock.getByRole('button', { name: 'Next' }).click();
  await expect(transactionBlock.getByText('21–22 of 22')).toBeVisible();
  await expect(column(transactions, 5)).toHaveText(['Accepted', 'Accepted']);

  // The options name the words the rows show (a booking's money says Paid, Released, Held).
  const transactionStatus = transactionBlock.getByLabel('Status');
  await expect(transactionStatus.locator('option')).toHaveText([
    'All',
    'Pending',
    'Accepted or Paid',
    'Rejected or Released',
    'Awaiting or Held',
  ]);
  // Choosing a status starts the list again on its first page.
  await transactionStatus.selectOption({ label: 'Awaiting or Held' });
  await expect(page).toHaveURL(/[?&]transactionStatus=3(&|$)/);
  await expect(column(transactions, 5)).toHaveText(['Awaiting']);
  await expect(column(transactions, 4)).toHaveText(['Withdraw']);
  await expect(transactionBlock.getByText('1–1 of 1')).toBeVisible();
  // The other list is not narrowed.
  await expect(column(tickets, 2)).toHaveText(['In Progress', 'Resolved']);

  await transactionStatus.selectOption({ label: 'Accepted or Paid' });
  await expect(transactionBlock.getByText('1–20 of 21')).toBeVisible();
  await expect(column(transactions, 5)).toHaveText(Array(20).fill('Accepted'));
  await transactionStatus.selectOption({ label: 'Awaiting or Held' });
  await expect(column(transactions, 5)).toHaveText(['Awaiting']);

  await ticketBlock.getByLabel('Status').selectOption({ label: 'Resolved' });
  await expect(page).toHaveURL(/[?&]ticketStatus=resolved(&|$)/);
  await expect(column(tickets, 1)).toHaveText(['Card declined']);
  await expect(column(transactions, 5)).toHaveText(['Awaiting']);

  // Reload and Back keep each list's own status.
  await page.reload();
  await expect(transactionStatus).toHaveValue('3');
  await expect(ticketBlock.getByLabel('Status')).toHaveValue('resolved');
  await expect(column(transactions, 5)).toHaveText(['Awaiting']);
  await expect(column(tickets, 1)).toHaveText(['Card declined']);
  await page.goBack();
  await expect(ticketBlock.getByLabel('Status')).toHaveValue('');
  await expect(column(tickets, 2)).toHaveText(['In Progress', 'Resolved']);
  await expect(column(transactions, 5)).toHaveText(['Awaiting']);

  // A status no row has says so; All shows every row again.
  await transactionStatus.selectOption({ label: 'Pending' });
  await expect(transactionBlock.getByText('No transactions with this status.')).toBeVisible();
  await expectAccessible(page);
  await transactionStatus.selectOption({ label: 'All' });
  await expect(page).not.toHaveURL(/transactionStatus=/);
  await expect(transactionBlock.getByText('1–20 of 22')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('/servicesDetail: the providers have a Status filter, kept in the URL', async ({
  page,
  request,
  consoleErrors,
}) => {
  const token = await adminToken(request);
  await signInAdmin(page, request);
  await page.goto('/services');
  await page
    .getByRole('table', { name: 'Services Listing' })
    .getByRole('link', { name: 'Beauty', exact: true })
    .click();
  await expect(page).toHaveURL(/\/servicesDetail\?id=[0-9a-f-]{36}$/);
  const categoryId = new URL(page.url()).searchParams.get('id')!;
  /** How many of the service's providers the API counts with a status. */
  const total = async (status: string) => {
    const res = await request.get(`/v1/admin/services/providers?categoryId=${categoryId}&status=${status}`, {
      headers: auth(token),
    });
    return ((await res.json()) as { meta: { total: number } }).meta.total;
  };
  const providers = page.getByRole('table', { name: 'Providers' });
  const rows = providers.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const all = await rows.count();

  // The seed's Fatima Hassan waits for approval (Deactive).
  const status = page.getByLabel('Status', { exact: true });
  await status.selectOption({ label: 'Deactive' });
  await expect(page).toHaveURL(/[?&]status=0(&|$)/);
  await expect(providers.getByRole('link', { name: 'Fatima Hassan' })).toBeVisible();
  const deactive = await total('0');
  await expect(rows).toHaveCount(deactive);
  for (const cell of await column(providers, 4).allTextContents()) expect(cell).toMatch(/^Deactive/);

  await status.selectOption({ label: 'Active' });
  await expect(page).toHaveURL(/[?&]status=1(&|$)/);
  await expect(providers.getByRole('link', { name: 'Fatima Hassan' })).toHaveCount(0);
  await expect(rows).toHaveCount(all - deactive);
  for (const cell of await column(providers, 4).allTextContents()) expect(cell).toMatch(/^Active/);
  expect(await total('1')).toBe(all - deactive);

  await page.reload();
  await expect(status).toHaveValue('1');
  await expect(rows).toHaveCount(all - deactive);
  await status.selectOption({ label: 'All' });
  await expect(rows).toHaveCount(all);
  expect(consoleErrors).toEqual([]);
});

test('a clamped cell is a tab stop that shows its whole text while focused', async ({
  page,
  request,
  consoleErrors,
}) => {
  const member = await createMemberSession(request, 'Clamp Clara');
  const subject = `Long story ${Date.now()}`;
  const message = Array.from({ length: 40 }, (_, i) => `Sentence ${i + 1} of a long ticket message.`).join(' ');
  expect((await request.post('/v1/tickets', { headers: auth(member.token), data: { subject, message } })).ok()).toBe(
    true,
  );

  await signInAdmin(page, request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/tickets?q=${encodeURIComponent(subject)}`);
  const table = page.getByRole('table', { name: 'Ticket Listing' });
  const cell = table.getByText(message);
  await expect(cell).toBeVisible();
  const clamped = await cell.evaluate((element) => ({
    lines: getComputedStyle(element).webkitLineClamp,
    height: element.getBoundingClientRect().height,
    hidden: element.scrollHeight > element.clientHeight,
  }));
  expect(clamped).toMatchObject({ lines: '3', hidden: true });

  // From the last sortable header, the next Tab stop is the clamped message of the first row.
  await table.getByRole('button', { name: 'Sort by Status' }).focus();
  await page.keyboard.press('Tab');
  await expect(cell).toBeFocused();
  const focused = await cell.evaluate((element) => ({
    lines: getComputedStyle(element).webkitLineClamp,
    height: element.getBoundingClientRect().height,
    hidden: element.scrollHeight > element.clientHeight,
  }));
  expect(focused.lines).toBe('none');
  expect(focused.hidden).toBe(false);
  expect(focused.height).toBeGreaterThan(clamped.height * 2);
  await expectAccessible(page);

  // Tab on: the link of the row, and the message is three lines again.
  await page.keyboard.press('Tab');
  await expect(table.getByRole('link', { name: /View/ }).first()).toBeFocused();
  expect(await cell.evaluate((element) => getComputedStyle(element).webkitLineClamp)).toBe('3');
  expect(consoleErrors).toEqual([]);
});
