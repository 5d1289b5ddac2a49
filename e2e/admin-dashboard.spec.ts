// The dashboard's work queue, as an administrator meets it: Keisha Thompson (seeded; no other
// journey changes her) has been set Deactive with her profile complete, so she waits for
// approval. The administrator opens the dashboard, follows "Providers waiting for approval" to
// /vendor filtered to them, approves her after the question naming her, and the dashboard counts
// her no more. On the way, the dashboard's trends of the last 30 days are drawn, each
// with its figures as a table. The dashboard passes axe at 1280 and 390 px.
import type { APIRequestContext } from '@playwright/test';
import { adminToken, auth, checkBothWidths, expect, providerNamed, signInAdmin, test } from './fixtures.js';

/** A day as the lists write it: `Nov 28th 26`. */
const listDate = /[A-Z][a-z]{2} \d{1,2}(st|nd|rd|th) \d{2}/;

const name = 'Keisha Thompson';
const waitingLabel = 'Providers waiting for approval';

/** The names of the providers waiting for approval, from the admin's list the dashboard counts. */
async function waitingNames(request: APIRequestContext, token: string): Promise<string[]> {
  const res = await request.get('/v1/admin/vendors?status=awaiting&limit=100', { headers: auth(token) });
  return ((await res.json()) as { data: { name: string }[] }).data.map((row) => row.name);
}

async function waitingCount(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/v1/admin/dashboard', { headers: auth(token) });
  return ((await res.json()) as { data: { queue: { providersAwaitingApproval: number } } }).data.queue
    .providersAwaitingApproval;
}

test('a provider waiting for approval is one click from the dashboard, approved after a question, and counted no more', async ({
  page,
  request,
  consoleErrors,
}, testInfo) => {
  const token = await adminToken(request);
  const keisha = await providerNamed(request, name);
  const deactivated = await request.post('/v1/services/updateUserStatus', {
    headers: auth(token),
    data: { _id: keisha._id, status: '0' },
  });
  expect(deactivated.ok(), await deactivated.text()).toBe(true);
  expect(await waitingNames(request, token)).toContain(name);

  await signInAdmin(page, request);
  await page.goto('/dashboard');
  const waiting = page.getByRole('link', { name: new RegExp(`^${waitingLabel}\\s*\\d+$`) });
  await expect(waiting).toBeVisible();
  const before = Number((await waiting.innerText()).replace(/\D+/g, ''));
  expect(before).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('link', { name: /^Total Agents/ })).toHaveAttribute('href', '/vendor?status=1');
  await expect(page.getByRole('link', { name: /^Hidden reviews\s*\d+$/ })).toHaveAttribute(
    'href',
    '/ratings?status=hidden',
  );

  // The trends of the last 30 days (no range chosen): each a chart, and its figures as a table.
  const trends = page.getByRole('region', { name: 'Trends' });
  await expect(trends.getByText(new RegExp(`^${listDate.source} to ${listDate.source}, by day$`))).toBeVisible();
  for (const title of [
    'Bookings by status',
    'Booking value and platform fee',
    'New members and providers',
    'Bookings by category',
    'Bookings by city',
  ])
    await expect(trends.getByRole('figure', { name: title })).toBeVisible();
  const byStatus = trends.getByRole('figure', { name: 'Bookings by status' });
  await expect(byStatus.locator('.recharts-wrapper')).toBeVisible();
  expect(await byStatus.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
  await byStatus.getByText('Show the figures').click();
  const figures = byStatus.getByRole('table');
  await expect(figures.getByRole('columnheader')).toHaveText([
    'Period',
    'Requested',
    'Accepted',
    'Declined',
    'Completed',
    'Cancelled',
    'Expired',
    'Awaiting payment',
  ]);
  await expect(figures.locator('tbody tr')).toHaveCount(30);
  // Each day in the app's one date format, as the lists show a date: `Nov 28th 26`.
  for (const row of [0, 29])
    await expect(figures.locator('tbody tr').nth(row).locator('th, td').first()).toHaveText(
      new RegExp(`^${listDate.source}$`),
    );
  await checkBothWidths(page, 'dashboard', (file) => testInfo.outputPath(file));

  await waiting.click();
  await expect(page).toHaveURL(/\/vendor\?status=awaiting$/);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('awaiting');
  const table = page.getByRole('table', { name: 'Contractor Listing' });
  await table.getByRole('button', { name: `Deactive: ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Activate ${name}?` })
    .getByRole('button', { name: 'Activate', exact: true })
    .click();
  await expect(page.getByText('Status updated successfully')).toBeVisible();
  await expect(table.getByRole('button', { name: `Deactive: ${name}` })).toHaveCount(0);

  // She has left the list the dashboard counts, and the dashboard shows the server's count. Other
  // journeys sign providers up (each waits for approval until activated) while this one runs, so
  // the count itself may not be one less than before: read again until the page agrees.
  expect(await waitingNames(request, token)).not.toContain(name);
  await page.goto('/dashboard');
  await expect(async () => {
    const now = await waitingCount(request, token);
    await page.reload();
    await expect(page.getByRole('link', { name: `${waitingLabel} ${now}` })).toBeVisible({ timeout: 2_000 });
  }).toPass();
  expect(consoleErrors).toEqual([]);
});
