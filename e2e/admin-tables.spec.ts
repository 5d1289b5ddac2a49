// Every admin list fits its screen. At 1280 px each table's columns, its actions included, are
// inside the visible table area, with nothing to scroll sideways; on a phone (390 px) the page
// itself never scrolls sideways, and a table wider than the screen says so under it and can be
// scrolled from the keyboard, the row's name staying in view. Each list is read with its seeded
// rows (the customer and provider details with their own tables, through the first row of each
// member list).
import type { Page } from '@playwright/test';
import { expect, signInAdmin, test } from './fixtures.js';

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
