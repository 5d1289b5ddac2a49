// A page whose script no longer loads (a deploy since the tab was opened, a dropped connection):
// it loads afresh once, and past that says so in the site's own look, never the framework's
// developer screen. Offline, the window says so and a submit fails at once instead of waiting.
import type { Page } from '@playwright/test';
import { checkBothWidths, expect, test } from './fixtures.js';

/** The email sign-in page's chunk answers 404, `times` times (every time: Infinity). */
async function chunkGone(page: Page, times: number) {
  let failed = 0;
  const requests: string[] = [];
  await page.route(/\/assets\/EmailLoginPage-[^/]+\.js$/, async (route) => {
    requests.push(route.request().url());
    if (failed++ < times) await route.fulfill({ status: 404, body: 'Not Found' });
    else await route.continue();
  });
  return requests;
}

test('a page whose script is gone loads afresh once and then works', async ({ page }) => {
  const requests = await chunkGone(page, 1);
  await page.goto('/email-login');
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/email-login$/);
  // Asked for twice: once failed, once after the reload.
  expect(requests).toHaveLength(2);
  await expect(page.getByText('Hey developer')).toHaveCount(0);
});

test('a page whose script stays gone says so, with Try again and the way home', async ({ page }) => {
  const requests = await chunkGone(page, Infinity);
  await page.goto('/email-login');
  const failure = page.getByRole('alert').filter({ hasText: 'This page could not be shown' });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('Doorstep may have been updated since this tab was opened');
  // One reload, not a loop.
  expect(requests).toHaveLength(2);
  await expect(page.getByText('Hey developer')).toHaveCount(0);
  // The site's header stays around the message.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' }).first()).toBeVisible();
  await checkBothWidths(page, 'page-failed', (file) => test.info().outputPath(file));
  await expect(failure.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');

  // Once the script is there again, Try again shows the page.
  await page.unroute(/\/assets\/EmailLoginPage-[^/]+\.js$/);
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
});

test('offline, the window says so and a submit fails at once instead of waiting unseen', async ({ page, context }) => {
  await page.goto('/ContactUs');
  await page.getByLabel('Name').fill('Ada Offline');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Message').fill('Sent while the connection was down.');
  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: 'You are offline.' });
  await expect(banner).toBeVisible();
  // A submit held while offline would show nothing here, and go through when the connection is back.
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Could not reach the server. Check your connection and try again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  await checkBothWidths(page, 'offline', (file) => test.info().outputPath(file));
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
});
