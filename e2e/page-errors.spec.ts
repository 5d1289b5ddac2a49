// A page whose script no longer loads (a deploy since the tab was opened, a dropped connection):
// it loads afresh once, and past that says so in the site's own look, never the framework's
// developer screen. Offline, the window says so and a submit waits in sight, cancellable.
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

test('offline, a submit waits in sight: it can be cancelled, or goes once the connection is back', async ({
  page,
  context,
}) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/v1/')) sent.push(request.url());
  });
  await page.goto('/ContactUs');
  await page.getByLabel('Name').fill('Ada Offline');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Message').fill('Sent while the connection was down.');
  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: 'You are offline.' });
  await expect(banner).toContainText('Nothing you send goes through until the connection is back.');

  // Confirm waits, busy, and the banner says what waits; Don't send ends it unsent.
  const confirm = page.getByRole('button', { name: 'Confirm' });
  await confirm.click();
  await expect(banner).toContainText('One change waits and will be sent when the connection is back.');
  await expect(confirm).toBeDisabled();
  await checkBothWidths(page, 'offline-waiting', (file) => test.info().outputPath(file));
  await banner.getByRole('button', { name: 'Don’t send' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not sent: you cancelled it while offline.' })).toBeVisible();
  await expect(confirm).toBeEnabled();
  await expect(banner).toContainText('Nothing you send goes through');

  // Sent again, it goes once the connection is back, and both the form and the window say so.
  await confirm.click();
  await expect(banner).toContainText('One change waits');
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(page.getByText('Message send Successfully')).toBeVisible();
  await expect(page.getByText('Back online: the change that waited was sent.')).toBeVisible();
  expect(sent).toHaveLength(1);
});
