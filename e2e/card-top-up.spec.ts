// Money into the wallet by card, through the local Stripe (e2e/fake-stripe.ts): a member adds
// money on /wallet, pays on Stripe's page, comes back to the amount credited (only once Stripe's
// webhook said so), and books from the wallet with it. A member who leaves Stripe's page without
// paying is told nothing was charged, and the wallet stays as it was.
import type { Page } from '@playwright/test';
import {
  createMemberSession,
  expect,
  expectAccessible,
  freeTimes,
  openBookingDialog,
  pickDay,
  providerNamed,
  signInMember,
  test,
} from './fixtures.js';
import { clockTime } from './formats.js';

const figure = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Your figures' }).locator(`div:has(> dt:text-is("${label}")) > dd`);

async function startTopUp(page: Page, amount: string) {
  await page.goto('/wallet');
  await page.getByRole('button', { name: 'Add money' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add money by card' });
  await dialog.getByLabel('Amount ($)').fill(amount);
  return dialog;
}

test('a member adds money by card on Stripe’s page and books from the wallet with it', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const member = await createMemberSession(request, 'Carla Card');
  await signInMember(page, member);

  const dialog = await startTopUp(page, '4.99');
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please add at least $5.00.');
  await expectAccessible(page);
  await dialog.getByLabel('Amount ($)').fill('60');
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();

  // Stripe's page, then back to the wallet.
  await expect(page.getByRole('heading', { name: 'Pay $60.00' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay $60.00' }).click();
  await expect(page).toHaveURL(/\/wallet\?topup=[0-9a-f-]{36}$/);
  await expect(page.getByRole('status').filter({ hasText: '$60.00 was added to your wallet.' })).toBeVisible();
  await expect(figure(page, 'Amount (free)')).toHaveText('$60.00');
  await expect(figure(page, 'Deposit Amount')).toHaveText('$60.00');
  const transactions = page.getByRole('table', { name: 'Your transactions' });
  await expect(transactions.getByRole('row').nth(1)).toContainText(/Card top-up.*\$60\.00.*Deposit.*Accepted/);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('wallet-topped-up-1280.png') });

  // The money pays a booking like any other wallet money.
  const provider = await providerNamed(request, 'Demo Provider');
  let day: { date: string; time: string } | undefined;
  for (let ahead = 40; !day && ahead < 89; ahead++) {
    const date = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    const time = (await freeTimes(request, provider._id, date)).at(-1);
    if (time) day = { date, time };
  }
  if (!day) throw new Error('no free day');
  const booking = await openBookingDialog(page, provider);
  await pickDay(booking, 'Select date', day.date);
  await booking.getByRole('radio', { name: clockTime(day.time), exact: true }).check();
  await booking.getByRole('combobox', { name: 'Location' }).fill('12 Rainey St, Austin, TX 78701');
  await booking.getByLabel('Description').fill('A leaking kitchen tap.');
  await page.getByRole('button', { name: 'Continue' }).click();
  await booking.getByRole('radio', { name: 'Pay from wallet (available $60.00)' }).check();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Booking Successfully')).toBeVisible();

  await page.goto('/wallet');
  await expect(figure(page, 'Held for bookings')).not.toHaveText('$0.00');
  expect(consoleErrors).toEqual([]);
});

test('leaving Stripe’s page without paying changes nothing, and says so', async ({ page, request, consoleErrors }) => {
  const member = await createMemberSession(request, 'Nora Nopay');
  await signInMember(page, member);
  const dialog = await startTopUp(page, '20');
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Pay $20.00' })).toBeVisible();
  await page.getByRole('link', { name: 'Back without paying' }).click();
  await expect(page).toHaveURL(/\/wallet\?topup=[0-9a-f-]{36}&cancelled=1$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'The payment was not completed. Nothing was charged.' }),
  ).toBeVisible();
  await expect(figure(page, 'Amount (free)')).toHaveText('$0.00');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('wallet-not-paid-390.png') });
  expect(consoleErrors).toEqual([]);
});
