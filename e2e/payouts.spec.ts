// A provider's payouts through the local Stripe (e2e/fake-stripe.ts): from its earnings page it
// sets up a Stripe account on Stripe's onboarding page and comes back to payouts turned on (once
// Stripe's webhook said the account can be paid).
import { expect, expectAccessible, signInByPhone, signInMember, test } from './fixtures.js';

/** A seeded Dallas provider no other browser test signs in as. */
const providerPhone = '2145550158';

test('a provider sets up payouts on Stripe’s onboarding and comes back to them turned on', async ({
  page,
  request,
  consoleErrors,
}) => {
  const provider = await signInByPhone(request, providerPhone);
  await signInMember(page, provider);
  await page.goto('/provider/earnings');
  const payouts = page.getByRole('region', { name: 'Payouts' });
  await expect(payouts).toContainText('Connect a Stripe account to be paid to your bank every week.');
  await expectAccessible(page);
  await payouts.getByRole('button', { name: 'Set up payouts with Stripe' }).click();

  await expect(page.getByRole('heading', { name: 'Set up payouts' })).toBeVisible();
  await page.getByRole('button', { name: 'Agree and submit' }).click();
  await expect(page).toHaveURL(/\/provider\/earnings\?connect=back$/);
  await expect(payouts).toContainText('Payouts are on: your available earnings go to your bank every Monday.');
  await expect(payouts).toContainText('No payouts yet.');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('payouts-on-390.png'), fullPage: true });
  expect(consoleErrors).toEqual([]);
});
