// A booking paid by card, through the local Stripe (e2e/fake-stripe.ts): the customer chooses Card
// in checkout, pays on Stripe's page and comes back to the booking's page, which says the payment
// is being confirmed until Stripe's webhook makes the booking a request (the card then holds the
// total). The provider accepts and, once the job's time has passed, completes it; when the Undo
// has passed the card is charged, and the customer's page says so; the back-office refunds part
// of it. A customer who leaves Stripe's
// page unpaid finds the time held for them, with the way back to pay, and may give it up.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  auth,
  createMemberSession,
  expect,
  expectAccessible,
  freeTimes,
  type MemberSession,
  openBookingDialog,
  pickDay,
  providerNamed,
  signInAdmin,
  signInDemoProvider,
  signInMember,
  test,
} from './fixtures.js';
import { clockTime } from './formats.js';

/**
 * Signs the customer in and books the Demo Provider by card in checkout, at the last free time of
 * one of the next days (a card pays for a job in the next six; other tests book first times);
 * answers the total shown, with Stripe's page open.
 */
async function bookByCard(page: Page, request: APIRequestContext, customer: MemberSession, from: number) {
  const provider = await providerNamed(request, 'Demo Provider');
  let slot: { date: string; time: string } | undefined;
  for (let ahead = from; !slot && ahead >= 1; ahead--) {
    const date = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    const time = (await freeTimes(request, provider._id, date)).at(-1);
    if (time) slot = { date, time };
  }
  if (!slot) throw new Error('no free time in the next days');

  await signInMember(page, customer);
  const dialog = await openBookingDialog(page, provider);
  await pickDay(dialog, 'Select date', slot.date);
  await dialog.getByRole('radio', { name: clockTime(slot.time), exact: true }).check();
  await dialog.getByRole('combobox', { name: 'Location' }).fill('12 Rainey St, Austin, TX 78701');
  await dialog.getByLabel('Description').fill('A dripping shower head.');
  await page.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('radio', { name: 'Card' }).check();
  await expect(dialog.getByText('Pay on Stripe’s secure page.')).toBeVisible();
  const total = (await dialog.locator('dt:text-is("Total") + dd').textContent()) ?? '';
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: `Pay ${total}` })).toBeVisible();
  return total;
}

test('a customer pays a booking by card; it is requested after the webhook and charged on completion', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const customer = await createMemberSession(request, 'Cora Card');
  const total = await bookByCard(page, request, customer, 5);

  // Stripe's page, then back to the booking, which waits for the webhook.
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}\?paid=1$/);
  const id = /\/bookings\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
  await expect(page.getByText('Requested', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Card — held until the job is completed')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('card-booking-requested-1280.png') });

  // The provider accepts; once the job's time has passed, it is completed.
  const headers = auth((await signInDemoProvider(request)).token);
  expect((await request.post(`/v1/provider/jobs/${id}/accept`, { headers })).ok()).toBe(true);
  expect((await request.post(`/v1/dev/bookings/${id}/elapse`)).ok()).toBe(true);
  expect((await request.post(`/v1/provider/jobs/${id}/complete`, { headers })).ok()).toBe(true);
  await page.reload();
  await expect(page.getByText(`Card — ${total} being charged`).first()).toBeVisible();
  // Charged once the provider's Undo has passed: a development route lets the test skip the wait.
  expect((await request.post('/v1/dev/payments/settle')).ok()).toBe(true);
  await page.reload();
  await expect(page.getByText(`Card — ${total} charged`).first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('card-booking-charged-390.png'), fullPage: true });

  // The back-office gives $10.00 of it back.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAdmin(page, request);
  await page.goto(`/bookingDetail?id=${id}`);
  const refund = page.getByRole('region', { name: 'Refund to the card' });
  await expect(refund).toContainText(`${total} was charged to the card; up to ${total} can be given back.`);
  await refund.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund to the card' });
  await dialog.getByLabel('Amount to refund ($)').fill('10');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('$10.00 was refunded to the card.')).toBeVisible();
  await expect(page.getByText(`Card — ${total} charged, $10.00 refunded`).first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('card-booking-refunded-admin-1280.png'), fullPage: true });
  expect(consoleErrors).toEqual([]);
});

test('leaving Stripe’s page unpaid keeps the time held; the customer may pay later or give it up', async ({
  page,
  request,
  consoleErrors,
}) => {
  const customer = await createMemberSession(request, 'Gil Giveup');
  const total = await bookByCard(page, request, customer, 4);
  await page.getByRole('link', { name: 'Back without paying' }).click();
  await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Awaiting payment', { exact: true })).toBeVisible();
  const actions = page.getByRole('region', { name: 'What you can do' });
  await expect(actions.getByText(/^Pay by \d{1,2}:\d{2} [AP]M to keep this time/)).toBeVisible();
  await expect(actions.getByRole('link', { name: 'Pay by card' })).toHaveAttribute('href', /\/pay\/cs_test_/);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('card-booking-unpaid-390.png'), fullPage: true });

  // The way back to Stripe's page is still open; then the customer gives the time up instead.
  await actions.getByRole('link', { name: 'Pay by card' }).click();
  await expect(page.getByRole('heading', { name: `Pay ${total}` })).toBeVisible();
  await page.goBack();
  await actions.getByRole('button', { name: 'Cancel booking' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText('Free: nothing was charged, and the time is released.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Card — not paid; nothing was charged')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
