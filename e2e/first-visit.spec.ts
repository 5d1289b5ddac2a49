// Small things a first visit trips on: the home search box keeps every letter typed into it, the
// home page is short on a phone, and a toast never covers the account menu in the header.
import type { Locator } from '@playwright/test';
import { createMemberSession, expect, expectAccessible, searchBox, signInMember, test } from './fixtures.js';

const phone = { width: 390, height: 844 };

test('the home search box hands every letter over to /Search, however fast the typing', async ({ browser }) => {
  test.setTimeout(120_000);
  // A fresh browser context each time: nothing cached, as on a first visit, when /Search's code
  // still has to load while the letters keep coming.
  for (let run = 1; run <= 10; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('main').getByRole('searchbox').focus();
    await page.keyboard.type('plumbing', { delay: 0 });
    await expect(searchBox(page), `run ${run}`).toHaveValue('plumbing');
    await expect(searchBox(page), `run ${run}`).toBeFocused();
    await expect(page, `run ${run}`).toHaveURL(/\/Search\?q=plumbing$/);
    await context.close();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: phone });

  test('the home page is at most four and a half screens long', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Home services on demand' })).toBeVisible();
    // Everything the home page must show is there: categories, offers, top providers, the footer.
    for (const category of ['Beauty', 'Cleaning', 'Plumbing', 'Carpentry', 'Appliance Repair', 'Painting']) {
      await expect(page.getByRole('link', { name: category, exact: true })).toBeVisible();
    }
    const offers = page.locator('section', { has: page.getByRole('heading', { name: 'Best Offers' }) });
    await expect(offers.getByRole('listitem')).not.toHaveCount(0);
    await expect(offers.getByRole('listitem').first().getByRole('heading')).toBeVisible();
    const providers = page.locator('section', { has: page.getByRole('heading', { name: 'Top Service Providers' }) });
    await expect(providers.getByText(/^from \$\d+\.\d{2} \/ (visit|hour)$/).first()).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // Scrolled to the end, every lazy image has loaded and taken its place.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    // Four screens and a half: each card names its city since the chosen city comes first.
    expect(height).toBeLessThanOrEqual(4.5 * phone.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });

  test('a toast does not cover the account name in the header', async ({ page, request }) => {
    const member = await createMemberSession(request, 'Maximiliana Featherstonehaugh');
    const friend = await createMemberSession(request, 'Tom Reed');
    await signInMember(page, member);
    for (const width of [phone.width, 1280]) {
      await page.setViewportSize({ width, height: width === phone.width ? phone.height : 800 });
      await page.goto(`/Messages_new?with=${friend.user._id}`);
      const account = page.getByRole('banner').getByRole('button', { name: /Maximiliana/ });
      await expect(account).toBeVisible();
      await page.getByPlaceholder('Type your message here.......').fill(`Hello from ${width} px`);
      await page.getByRole('button', { name: 'Send' }).click();
      const toast = page.getByRole('status').filter({ hasText: 'send Successfully' });
      await expect(toast).toBeVisible();
      expect(overlap(await box(toast), await box(account)), `at ${width} px`).toBe(false);
    }
  });
});

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} has no box`);
  return found;
}

function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
