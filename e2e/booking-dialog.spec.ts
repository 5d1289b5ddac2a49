// The booking dialog, at 1280 and 390 px: it quotes the hours a customer chooses, and keeps what
// they typed. A cleaning of three hours is quoted at three times the hourly price plus the
// platform's fee while the hours are chosen, on the review and on the booking's page, and booked
// at that price. Escape, × or the backdrop with something typed ask 'Discard this booking?' (Keep
// editing leaves everything as it was); with nothing typed the dialog closes at once.
import {
  auth,
  createMemberSession,
  expect,
  expectAccessible,
  freeSlot,
  openBookingDialog,
  pickDay,
  providerNamed,
  signInMember,
  test,
} from './fixtures.js';
import { clockTime } from './formats.js';

/** The amount beside a label of a list of figures in `region`. */
const figure = (page: import('@playwright/test').Page, region: string, label: string) =>
  page.getByRole('region', { name: region }).locator(`div:has(> dt:text-matches("^${label}")) > dd`);

for (const [index, viewport] of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
].entries())
  test(`at ${viewport.width} px: three hours of cleaning cost three hours`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const customer = await createMemberSession(request, 'Hana Hours');
    // Rachel Kim cleans at $35.00 an hour; the platform's fee is 10%.
    const provider = await providerNamed(request, 'Rachel Kim');
    await signInMember(page, customer);

    const dialog = await openBookingDialog(page, provider);

    // Three hours: the estimate follows the hours.
    await dialog.getByLabel('Hours').selectOption({ label: '2 hours' });
    await expect(dialog.getByText('$35.00 × 2 hours: $77.00 with the platform fee')).toBeVisible();
    await dialog.getByLabel('Hours').selectOption({ label: '3 hours' });
    await expect(dialog.getByText('$35.00 × 3 hours: $115.50 with the platform fee')).toBeVisible();
    await expect(dialog.getByRole('option')).toHaveText([
      'Choose a service',
      'Cleaning — $35.00 / hour',
      ...Array.from({ length: 8 }, (_, i) => (i === 0 ? '1 hour' : `${i + 1} hours`)),
    ]);
    const slot = await freeSlot(request, provider._id, 12 + 4 * index, 180);
    await pickDay(dialog, 'Select date', slot.date);
    await dialog.getByRole('radio', { name: clockTime(slot.time), exact: true }).check();
    await dialog.getByRole('combobox', { name: 'Location' }).fill('3618 Greenville Ave, Dallas, TX 75206');
    await dialog.getByLabel('Description').fill('Move-out clean, three hours.');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('region', { name: 'Your booking' })).toContainText('Cleaning, 3 hours');
    await expect(dialog.getByRole('region', { name: 'Price' })).toContainText('$35.00 × 3 hours');
    await expect(figure(page, 'Price', 'Service')).toHaveText('$105.00');
    await expect(figure(page, 'Price', 'Platform fee')).toHaveText('$10.50');
    await expect(figure(page, 'Price', 'Total')).toHaveText('$115.50');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);

    // The booking's page: the hours at their price, and the same total.
    await expect(figure(page, 'Price', 'Hours')).toHaveText('$35.00 × 3 hours');
    await expect(figure(page, 'Price', 'Service')).toHaveText('$105.00');
    await expect(figure(page, 'Price', 'Total')).toHaveText('$115.50');
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('3 hours booked');
    await expectAccessible(page);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const detail = (await (await request.get(`/v1/bookings/${id}`, { headers: auth(customer.token) })).json()) as {
      data: { hours: number; price: object };
    };
    expect(detail.data).toMatchObject({
      hours: 3,
      price: { serviceCents: 10500, feeCents: 1050, discountCents: 0, totalCents: 11550 },
    });
    expect(consoleErrors).toEqual([]);
  });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
])
  test(`at ${viewport.width} px: closing with something typed asks first`, async ({ page, request, consoleErrors }) => {
    await page.setViewportSize(viewport);
    const customer = await createMemberSession(request, 'Dana Discard');
    const provider = await providerNamed(request, 'Rachel Kim');
    await signInMember(page, customer);

    // Nothing typed: Escape closes at once.
    let dialog = await openBookingDialog(page, provider);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const question = page.getByRole('dialog', { name: 'Discard this booking?' });
    await expect(question).toHaveCount(0);

    // Something typed: Escape asks; Keep editing keeps it.
    dialog = await openBookingDialog(page, provider);
    await dialog.getByLabel('Description').fill('Deep clean of the kitchen.');
    await page.keyboard.press('Escape');
    await expect(question).toContainText('What you have entered will be lost.');
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`discard-${viewport.width}.png`) });
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(question).toBeHidden();
    await expect(dialog.getByLabel('Description')).toHaveValue('Deep clean of the kitchen.');

    // A click outside asks too, and so does ×; Discard drops it all.
    await page.mouse.click(5, viewport.height - 5);
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog.getByLabel('Description')).toHaveValue('Deep clean of the kitchen.');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
    dialog = await openBookingDialog(page, provider);
    await expect(dialog.getByLabel('Description')).toHaveValue('');
    expect(consoleErrors).toEqual([]);
  });
