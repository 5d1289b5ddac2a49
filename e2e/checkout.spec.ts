// Checkout in the booking dialog, as a person: a customer whose wallet the admin funded picks the
// Demo Provider's hourly cleaning and its hours, sees the price with the platform's fee, applies
// the provider's coupon, pays from the wallet and lands on the booking's page; the money held and
// left adds up to the cent on /wallet and on the admin's /userDetail; the provider accepts, and
// once the job's time has passed (a development route moves it into the past: a browser test does
// not wait for the clock) marks it completed; the customer's, the provider's and the platform's
// shares add up again, and the receipt prints.
// Another customer, with an empty wallet, books in cash (the wallet offered but disabled, with
// the reason), is warned of a booking of their own at the same time, and cancels in the free
// window. Both steps of the dialog pass axe at 1280 and 390 px.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  adminToken,
  auth,
  checkBothWidths,
  countPrints,
  createMemberSession,
  expect,
  expectAccessible,
  freeTimes,
  openBookingDialog,
  providerNamed,
  signInAdmin,
  signInDemoProvider,
  signInMember,
  test,
  pickDay,
} from './fixtures.js';
import { clockTime, dayMonthYear, usd } from './formats.js';

/** A day with at least two times free for a job of `minutes` with the provider, and free with the others too. */
async function commonFreeDay(
  request: APIRequestContext,
  providerId: string,
  from: number,
  { others = [], minutes }: { others?: string[]; minutes?: number } = {},
) {
  for (let ahead = from; ahead < 89; ahead++) {
    const date = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    let times = await freeTimes(request, providerId, date, minutes);
    for (const other of others) {
      const theirs = await freeTimes(request, other, date);
      times = times.filter((time) => theirs.includes(time));
    }
    if (times.length >= 2) return { date, times };
  }
  throw new Error('no free day');
}

async function pricesOf(request: APIRequestContext, providerId: string) {
  return (
    (await (await request.get(`/v1/providers/${providerId}/prices`)).json()) as {
      data: { serviceId: string; title: string; priceCents: number; unit: string; durationMinutes: number }[];
    }
  ).data;
}

interface Figures {
  amount: number;
  heldAmount: number;
}
async function walletOf(request: APIRequestContext, admin: string, id: string): Promise<Figures> {
  const body = (await (await request.get(`/v1/transaction/userAllDetail/${id}`, { headers: auth(admin) })).json()) as {
    data: { wallet: Figures };
  };
  return body.data.wallet;
}

/** The figure shown under a label in a list of figures. */
const figure = (page: Page, region: string, label: string) =>
  page.getByRole('region', { name: region }).locator(`div:has(> dt:text-is("${label}")) > dd`);

/** The amount on a line of a booking page's receipt. */
const receiptLine = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Receipt' }).locator(`div:has(> dt:text-is("${label}")) > dd`);

/** The amount on a line of the dialog's price (the line's name starts its term; a detail follows). */
const priceLine = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Price' }).locator(`div:has(> dt:text-matches("^${label}")) > dd`);

test('a wallet customer picks a service and its hours, applies a coupon, pays from the wallet; the job is completed, the money adds up, the receipt prints', async ({
  page,
  request,
  consoleErrors,
}) => {
  // Three members' pages and a back-office, one after the other.
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  const customer = await createMemberSession(request, 'Wanda Wallet');
  // The admin's Add Balance: $200.00.
  const added = await request.post('/v1/transaction/addBalanceToUser', {
    headers: auth(admin),
    data: { id: customer.user._id, amount: '200' },
  });
  expect(added.ok()).toBe(true);

  const provider = await providerNamed(request, 'Demo Provider');
  const [cleaning] = await pricesOf(request, provider._id);
  expect(cleaning).toMatchObject({ title: 'Cleaning', priceCents: 4500, unit: 'hour' });
  const providerBefore = await walletOf(request, admin, provider._id);
  // The latest time with room for three hours.
  const { date, times } = await commonFreeDay(request, provider._id, 75 + 3 * test.info().repeatEachIndex, {
    minutes: 3 * cleaning!.durationMinutes,
  });
  const time = times[times.length - 1]!;

  await signInMember(page, customer);
  // From the Cleaning page: the service is chosen already.
  const dialog = await openBookingDialog(page, provider, cleaning!.serviceId);
  await expect(dialog.getByLabel('Service')).toHaveValue(cleaning!.serviceId);
  await expect(dialog.getByLabel('Service').locator('option:checked')).toHaveText('Cleaning — $45.00 / hour');
  await dialog.getByLabel('Hours').selectOption({ label: '3 hours' });
  await pickDay(dialog, 'Select date', date);
  await dialog.getByRole('radio', { name: clockTime(time), exact: true }).check();
  // The times too late for three hours before closing are not offered.
  const tooLate = (await freeTimes(request, provider._id, date)).filter((free) => !times.includes(free));
  expect(tooLate.length).toBeGreaterThan(0);
  await expect(dialog.getByRole('radio', { name: clockTime(tooLate.at(-1)!), exact: true })).toHaveCount(0);
  // The phone comes from the account.
  await expect(dialog.getByLabel('Phone number')).toHaveValue(customer.phone);
  await dialog.getByRole('combobox', { name: 'Location' }).fill('12 Rainey St, Austin, TX 78701');
  await dialog.getByLabel('Description').fill('Move-out clean of a two-bedroom flat.');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('checkout-details-1280.png') });
  await page.getByRole('button', { name: 'Continue' }).click();

  // Review and pay: what was chosen, the price with the platform's 10% fee.
  await expect(dialog.getByRole('heading', { name: 'Step 2 of 2: Review and pay' })).toBeFocused();
  const booking = dialog.getByRole('region', { name: 'Your booking' });
  await expect(booking).toContainText('Cleaning, 3 hours');
  await expect(booking).toContainText(`${dayMonthYear(date)} · ${clockTime(time)}`);
  await expect(booking).toContainText('12 Rainey St, Austin, TX 78701');
  await expect(dialog.getByRole('region', { name: 'Price' })).toContainText('$45.00 × 3 hours');
  await expect(priceLine(page, 'Service')).toHaveText('$135.00');
  await expect(dialog.getByRole('region', { name: 'Price' })).toContainText('10% of the service');
  await expect(priceLine(page, 'Platform fee')).toHaveText('$13.50');
  await expect(priceLine(page, 'Total')).toHaveText('$148.50');

  // The provider's coupon: applied, the discount and the new total.
  const coupons = dialog.getByRole('region', { name: 'Offers from this provider' });
  await expect(coupons).toContainText('Move-out cleaning special');
  await expect(coupons).toContainText('Saves $30.00');
  await coupons.getByRole('button', { name: 'Apply' }).click();
  await expect(coupons.getByRole('button', { name: 'Remove' })).toHaveAttribute('aria-pressed', 'true');
  await expect(priceLine(page, 'Offer discount')).toHaveText('−$30.00');
  await expect(priceLine(page, 'Total')).toHaveText('$118.50');

  // From the wallet; the policy before Confirm.
  const wallet = dialog.getByRole('radio', { name: 'Pay from wallet (available $200.00)' });
  await expect(wallet).toBeEnabled();
  await expect(dialog.getByRole('radio', { name: 'Cash on completion' })).toBeChecked();
  await wallet.check();
  await expect(dialog.getByRole('region', { name: 'Cancellation policy' })).toContainText(
    'Free to cancel: no cancellation fee applies to this booking.',
  );
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('checkout-review-1280.png') });

  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Booking Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);
  const bookingId = new URL(page.url()).pathname.split('/').pop()!;

  // The server priced it as the dialog showed it.
  const detail = (await (await request.get(`/v1/bookings/${bookingId}`, { headers: auth(customer.token) })).json()) as {
    data: { price: object; payment: string; hours: number; status: string };
  };
  expect(detail.data).toMatchObject({
    price: { serviceCents: 13500, feeCents: 1350, discountCents: 3000, totalCents: 11850 },
    payment: 'wallet',
    hours: 3,
    status: 'requested',
  });

  // The provider accepts. The job cannot be completed before it starts.
  const demoProvider = await signInDemoProvider(request);
  expect(
    (await request.post(`/v1/provider/jobs/${bookingId}/accept`, { headers: auth(demoProvider.token) })).ok(),
  ).toBe(true);
  const early = await request.post(`/v1/provider/jobs/${bookingId}/complete`, { headers: auth(demoProvider.token) });
  expect(early.status()).toBe(409);

  // The customer's /wallet: $200.00 = $81.50 free + $118.50 held for the booking.
  await page.goto('/wallet');
  await expect(figure(page, 'Your figures', 'Amount (free)')).toHaveText('$81.50');
  await expect(figure(page, 'Your figures', 'Held for bookings')).toHaveText('$118.50');

  // The admin's /userDetail reads the same, and the provider's wallet has not moved yet.
  const adminPage = await page.context().browser()!.newPage();
  await signInAdmin(adminPage, request);
  await adminPage.goto(`/userDetail?id=${customer.user._id}`);
  await expect(figure(adminPage, 'Wallet', 'Amount')).toHaveText('$81.50');
  await expect(figure(adminPage, 'Wallet', 'Held for bookings')).toHaveText('$118.50');
  await adminPage.goto(`/userDetail?id=${provider._id}`);
  await expect(figure(adminPage, 'Wallet', 'Amount')).toHaveText(usd(providerBefore.amount));
  const held = await walletOf(request, admin, customer.user._id);
  expect(held.amount + held.heldAmount).toBe(20000);

  // The job's time passes: a development route moves it whole weeks back, as the clock would.
  expect((await request.post(`/v1/dev/bookings/${bookingId}/elapse`)).ok()).toBe(true);
  // The provider marks it completed on the booking's page, whose receipt says where the money went.
  const providerPage = await page.context().browser()!.newPage();
  await signInMember(providerPage, demoProvider);
  await providerPage.goto(`/bookings/${bookingId}`);
  // Mark completed asks first, naming the payment it releases; Cancel leaves the money held.
  await providerPage.getByRole('button', { name: 'Mark completed' }).click();
  const question = providerPage.getByRole('dialog', { name: 'Mark job completed' });
  await expect(question).toContainText(
    "The customer's payment of $118.50, held since they booked, is released and your earnings go to your wallet.",
  );
  await checkBothWidths(providerPage, 'complete-question', (file) => test.info().outputPath(file));
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(providerPage.getByRole('button', { name: 'Mark completed' })).toBeEnabled();
  expect(await walletOf(request, admin, customer.user._id)).toMatchObject({ amount: 8150, heldAmount: 11850 });
  // Completed by mistake: Undo in the toast sets it back, the payment held again.
  await providerPage.getByRole('button', { name: 'Mark completed' }).click();
  await question.getByRole('button', { name: 'Yes, mark it completed' }).click();
  const done = providerPage.getByRole('status').filter({ hasText: 'Job marked completed' });
  await expect(done).toBeVisible();
  // The customer's open /wallet follows, live: nothing held any more.
  await expect(figure(page, 'Your figures', 'Held for bookings')).toHaveText('$0.00');
  await checkBothWidths(providerPage, 'complete-undo', (file) => test.info().outputPath(file));
  await done.getByRole('button', { name: 'Undo' }).click();
  await expect(providerPage.getByText('Job set back to accepted')).toBeVisible();
  // And follows the Undo too, whose notice is withdrawn rather than added: held again.
  await expect(figure(page, 'Your figures', 'Held for bookings')).toHaveText('$118.50');
  await expect(providerPage.getByRole('button', { name: 'Mark completed' })).toBeEnabled();
  expect(await walletOf(request, admin, customer.user._id)).toMatchObject({ amount: 8150, heldAmount: 11850 });
  expect((await walletOf(request, admin, provider._id)).amount).toBe(providerBefore.amount);

  // Completed again, for good this time.
  await providerPage.getByRole('button', { name: 'Mark completed' }).click();
  await question.getByRole('button', { name: 'Yes, mark it completed' }).click();
  await expect(done).toBeVisible();
  await expect(receiptLine(providerPage, 'Total')).toHaveText('$118.50');
  await expect(receiptLine(providerPage, 'Platform fee')).toHaveText('$13.50');
  await expect(receiptLine(providerPage, 'Paid to the provider')).toHaveText('$105.00');
  await providerPage.screenshot({ path: test.info().outputPath('receipt-provider-1280.png'), fullPage: true });
  // The provider's /wallet: the total less the fee, $105.00, more than before.
  await providerPage.goto('/wallet');
  await expect(figure(providerPage, 'Your figures', 'Amount (free)')).toHaveText(usd(providerBefore.amount + 10500));
  await providerPage.close();

  // The customer's /wallet: nothing held any more, $81.50 left. $118.50 paid = $105.00 to the
  // provider + $13.50 to the platform.
  await page.goto('/wallet');
  await expect(figure(page, 'Your figures', 'Amount (free)')).toHaveText('$81.50');
  await expect(figure(page, 'Your figures', 'Held for bookings')).toHaveText('$0.00');
  await adminPage.goto(`/userDetail?id=${customer.user._id}`);
  await expect(figure(adminPage, 'Wallet', 'Amount')).toHaveText('$81.50');
  await expect(figure(adminPage, 'Wallet', 'Held for bookings')).toHaveText('$0.00');
  await adminPage.goto(`/userDetail?id=${provider._id}`);
  await expect(figure(adminPage, 'Wallet', 'Amount')).toHaveText(usd(providerBefore.amount + 10500));
  await adminPage.close();
  expect(await walletOf(request, admin, customer.user._id)).toMatchObject({ amount: 8150, heldAmount: 0 });
  const providerAfter = await walletOf(request, admin, provider._id);
  expect(providerAfter.amount - providerBefore.amount + 1350).toBe(11850);

  // The customer's receipt: paid from the wallet; it prints.
  await page.goto(`/bookings/${bookingId}`);
  await expect(page.getByRole('region', { name: 'Receipt' })).toContainText('Paid from your wallet');
  await expect(receiptLine(page, 'Total')).toHaveText('$118.50');
  await expect(receiptLine(page, 'Paid to the provider')).toHaveCount(0);
  const printed = await countPrints(page);
  await page.getByRole('button', { name: 'Print receipt' }).click();
  expect(await printed()).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('receipt-sheet')).toContainText('Wanda Wallet');
  await page.emulateMedia({ media: 'screen' });
  expect(consoleErrors).toEqual([]);
});

test('a cash customer is shown why the wallet cannot pay, is warned of a booking at the same time, and cancels free', async ({
  page,
  request,
  consoleErrors,
}) => {
  const customer = await createMemberSession(request, 'Cass Cash');
  const painter = await providerNamed(request, 'Ethan Brooks');
  const plumber = await providerNamed(request, 'Marcus Reed');
  const painterPrices = await pricesOf(request, painter._id);
  expect(painterPrices.map((line) => line.title)).toEqual(['Carpentry', 'Painting']);
  const painting = painterPrices.find((line) => line.title === 'Painting')!;
  const { date, times } = await commonFreeDay(request, painter._id, 60 + 3 * test.info().repeatEachIndex, {
    others: [plumber._id],
    minutes: 2 * painting.durationMinutes,
  });
  const time = times[times.length - 1]!;
  await signInMember(page, customer);

  // Two services and none chosen: Continue asks for one first.
  let dialog = await openBookingDialog(page, painter);
  await expect(dialog.getByLabel('Service')).toHaveValue('');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Please choose a service', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Service')).toBeFocused();
  await dialog.getByLabel('Service').selectOption({ label: 'Painting — $70.00 / hour' });
  await expect(dialog.getByLabel('Hours')).toHaveValue('1');

  // From the Painting page it is chosen already.
  dialog = await openBookingDialog(page, painter, painting.serviceId);
  await expect(dialog.getByLabel('Service')).toHaveValue(painting.serviceId);
  await dialog.getByLabel('Hours').selectOption({ label: '2 hours' });
  await pickDay(dialog, 'Select date', date);
  await dialog.getByRole('radio', { name: clockTime(time), exact: true }).check();
  await dialog.getByRole('combobox', { name: 'Location' }).fill('40 Elm St, Austin, TX 78704');
  await dialog.getByLabel('Description').fill('Paint the hallway and the stairs.');
  await page.getByRole('button', { name: 'Continue' }).click();

  // No coupon of this provider; $140.00 + $14.00 fee; the empty wallet cannot pay, and says why.
  await expect(dialog.getByRole('region', { name: 'Offers from this provider' })).toHaveCount(0);
  await expect(priceLine(page, 'Total')).toHaveText('$154.00');
  const wallet = dialog.getByRole('radio', { name: 'Pay from wallet (available $0.00)' });
  await expect(wallet).toBeDisabled();
  await expect(wallet).toHaveAccessibleDescription('Your wallet has $0.00 available, less than the total of $154.00.');
  await expect(dialog.getByRole('radio', { name: 'Cash on completion' })).toBeChecked();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('checkout-cash-1280.png'), fullPage: true });
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Booking Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);
  const firstId = new URL(page.url()).pathname.split('/').pop()!;

  // Another provider at the same time: a warning before Confirm, and confirming is still allowed.
  dialog = await openBookingDialog(page, plumber);
  await dialog.getByLabel('Service').selectOption({ label: 'Plumbing — $90.00 / visit' });
  await expect(dialog.getByLabel('Hours')).toHaveCount(0);
  await pickDay(dialog, 'Select date', date);
  await dialog.getByRole('radio', { name: clockTime(time), exact: true }).check();
  await dialog.getByRole('combobox', { name: 'Location' }).fill('40 Elm St, Austin, TX 78704');
  await dialog.getByLabel('Description').fill('The kitchen sink drains slowly.');
  await page.getByRole('button', { name: 'Continue' }).click();
  const warning = dialog.getByRole('note', { name: 'You already have a booking at this time' });
  await expect(warning).toContainText(
    `Your booking with Ethan Brooks on ${dayMonthYear(date)} · ${clockTime(time)} overlaps this one. You can still confirm both.`,
  );
  await expect(dialog.getByRole('region', { name: 'Price' })).toContainText('One visit');
  await expect(priceLine(page, 'Service')).toHaveText('$90.00');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('checkout-overlap-1280.png') });
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Booking Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);

  // The painting is cancelled while requested: free.
  await page.goto('/Ongoing');
  const card = page.getByRole('article', { name: painter.name });
  await card.getByRole('button', { name: 'Cancel request' }).click();
  await page.getByRole('dialog', { name: 'Cancel request' }).getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText('Booking cancelled')).toBeVisible();
  await expect(card).toHaveCount(0);
  const cancelled = (await (
    await request.get(`/v1/bookings/${firstId}`, { headers: auth(customer.token) })
  ).json()) as {
    data: { status: string; payment: string; cancellationChargedCents: number };
  };
  expect(cancelled.data).toMatchObject({ status: 'cancelled', payment: 'cash', cancellationChargedCents: 0 });
  expect(consoleErrors).toEqual([]);
});

test('a wallet emptied meanwhile: the server’s refusal shows at the payment, and cash books', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const customer = await createMemberSession(request, 'Moe Meanwhile');
  await request.post('/v1/transaction/addBalanceToUser', {
    headers: auth(admin),
    data: { id: customer.user._id, amount: '60' },
  });
  const provider = await providerNamed(request, 'Demo Provider');
  const [cleaning] = await pricesOf(request, provider._id);
  const { date, times } = await commonFreeDay(request, provider._id, 70 + 3 * test.info().repeatEachIndex);
  await signInMember(page, customer);
  const dialog = await openBookingDialog(page, provider);
  await pickDay(dialog, 'Select date', date);
  await dialog.getByRole('radio', { name: clockTime(times[0]!), exact: true }).check();
  await dialog.getByRole('combobox', { name: 'Location' }).fill('3 Lake St, Austin, TX 78703');
  await dialog.getByLabel('Description').fill('Kitchen only.');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(priceLine(page, 'Total')).toHaveText('$49.50');
  await dialog.getByRole('radio', { name: 'Pay from wallet (available $60.00)' }).check();

  // Another booking paid from the same wallet, from another tab.
  const other = await request.post('/v1/services/addbooking', {
    headers: auth(customer.token),
    data: {
      bookedby: customer.user._id,
      bookedto: provider._id,
      date,
      time: times[times.length - 1]!,
      phone: customer.phone,
      address: '3 Lake St, Austin, TX 78703',
      description: 'The bathroom.',
      serviceId: cleaning!.serviceId,
      hours: 1,
      payment: 'wallet',
    },
  });
  expect(other.ok()).toBe(true);

  await page.getByRole('button', { name: 'Confirm' }).click();
  const refusal = 'Your wallet has $10.50 available, and this booking costs $49.50. Add money or pay in cash.';
  await expect(page.getByText(`not Successfully: ${refusal}`)).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Payment' })).toContainText(refusal);
  // Still on the review, the wallet now offered no more.
  await expect(dialog.getByRole('radio', { name: 'Pay from wallet (available $10.50)' })).toBeDisabled();
  await expect(dialog.getByRole('radio', { name: 'Cash on completion' })).toBeChecked();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Booking Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('both steps of the checkout fit a narrow screen and pass axe', async ({ page, request }) => {
    const customer = await createMemberSession(request, 'Nia Narrow');
    const provider = await providerNamed(request, 'Demo Provider');
    const { date, times } = await commonFreeDay(request, provider._id, 80);
    await signInMember(page, customer);
    const dialog = await openBookingDialog(page, provider);
    await dialog.getByLabel('Hours').selectOption({ label: '2 hours' });
    await pickDay(dialog, 'Select date', date);
    await dialog.getByRole('radio', { name: clockTime(times[0]!), exact: true }).check();
    await dialog.getByRole('combobox', { name: 'Location' }).fill('9 Oak St, Austin, TX 78702');
    await dialog.getByLabel('Description').fill('Weekly clean.');
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('checkout-details-390.png') });
    expect(await dialogWidth(page)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Continue' }).click();
    await dialog
      .getByRole('region', { name: 'Offers from this provider' })
      .getByRole('button', { name: 'Apply' })
      .click();
    await expect(priceLine(page, 'Total')).toHaveText('$69.00');
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('checkout-review-390.png') });
    expect(await dialogWidth(page)).toBeLessThanOrEqual(390);
    // Back keeps what was filled.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByLabel('Description')).toHaveValue('Weekly clean.');
    await expect(dialog.getByLabel('Hours')).toHaveValue('2');
  });
});

const dialogWidth = (page: Page) => page.evaluate(() => document.querySelector('dialog[open]')?.scrollWidth ?? 0);

test('a price raised while the customer reviews it: Confirm is refused with the new total, shown, and confirmed again', async ({
  page,
  request,
  consoleErrors,
}) => {
  const admin = await adminToken(request);
  const customer = await createMemberSession(request, 'Rhea Review');
  const barber = await providerNamed(request, 'Kwame Asante');
  const [line] = await pricesOf(request, barber._id);
  const setPrice = (priceCents: number) =>
    request.put(`/v1/admin/vendors/${barber._id}/prices`, {
      headers: auth(admin),
      data: { prices: [{ serviceId: line!.serviceId, priceCents, unit: 'visit', durationMinutes: 60 }] },
    });
  expect((await setPrice(4500)).ok()).toBe(true);
  try {
    const { date, times } = await commonFreeDay(request, barber._id, 30);
    await signInMember(page, customer);
    const dialog = await openBookingDialog(page, barber, line!.serviceId);
    await pickDay(dialog, 'Select date', date);
    await dialog.getByRole('radio', { name: clockTime(times[0]!), exact: true }).check();
    await dialog.getByRole('combobox', { name: 'Location' }).fill('87 Orchard St, New York, NY 10002');
    await dialog.getByLabel('Description').fill('A fade and a beard trim.');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(priceLine(page, 'Total')).toHaveText('$49.50');

    // The provider's price goes up before Confirm: nothing is booked at a total not shown.
    expect((await setPrice(6000)).ok()).toBe(true);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      page.getByText('The price changed since you reviewed it: the total is now $66.00. Check it and confirm again.'),
    ).toBeVisible();
    await expect(priceLine(page, 'Total')).toHaveText('$66.00');
    await expect(page.getByText('Step 2 of 2: Review and pay')).toBeVisible();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Booking Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);
    await expect(priceLine(page, 'Total')).toHaveText('$66.00');
    // The browser logs the refused request itself; nothing else went wrong.
    expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
  } finally {
    await setPrice(line!.priceCents);
  }
});
