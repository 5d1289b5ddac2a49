// A booking's address must be in the provider's service area, as a person meets it. A customer
// books Priya Raman (based in Austin, within 25 km, 16 miles; no other journey changes her services or
// prices, so her dialog stays as this one expects): an address picked in Dallas is refused
// at the Location field with the reason and Continue stays on the details; an address we cannot
// place (Boston) is refused too. When Confirm itself is refused for the address (the dialog's
// answer was out of date), the reason shows at the field again. Then a place in Austin, picked
// from the suggestions, is served and the booking goes through. The refusal passes axe at 1280
// and 390 px.
import {
  auth,
  checkBothWidths,
  createMemberSession,
  expect,
  freeSlot,
  openBookingDialog,
  providerNamed,
  signInMember,
  test,
  pickDay,
} from './fixtures.js';
import { clockTime } from './formats.js';

const outside = 'This address is outside Priya Raman’s service area (within 16 mi of Austin, TX 78705).';
const unknown = 'We could not find this address in Austin, Dallas or New York. Please choose one from the suggestions.';
const inside = 'Within Priya Raman’s service area (16 mi of Austin, TX 78705).';

test('an address outside the provider’s service area is refused at the Location field; one inside is booked', async ({
  page,
  request,
  consoleErrors,
}, testInfo) => {
  const customer = await createMemberSession(request, 'Faye Faraway');
  const provider = await providerNamed(request, 'Priya Raman');
  const prices = (
    (await (await request.get(`/v1/providers/${provider._id}/prices`)).json()) as {
      data: { serviceId: string; title: string; durationMinutes: number }[];
    }
  ).data;
  const repair = prices.find((line) => line.title === 'Appliance Repair')!;
  const { date, time } = await freeSlot(request, provider._id, 30 + testInfo.repeatEachIndex, repair.durationMinutes);

  await signInMember(page, customer);
  const dialog = await openBookingDialog(page, provider, repair.serviceId);
  await pickDay(dialog, 'Select date', date);
  await dialog.getByRole('radio', { name: clockTime(time), exact: true }).check();
  await dialog.getByLabel('Description').fill('The dishwasher does not drain.');

  // An address in Dallas, picked from the suggestions: the reason at the field, tied to it.
  const location = dialog.getByRole('combobox', { name: 'Location' });
  await location.pressSequentially('deep ellum', { delay: 30 });
  const options = dialog.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');
  await options.filter({ hasText: 'Deep Ellum, Dallas, TX' }).click();
  await expect(location).toHaveValue('Deep Ellum, Dallas, TX');
  await expect(dialog.getByText(outside)).toBeVisible();
  await expect(location).toHaveAttribute('aria-invalid', 'true');
  await expect(location).toHaveAccessibleDescription(outside);

  // Continue stays on the details, the Location focused.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Step 1 of 2: Details')).toBeVisible();
  await expect(location).toBeFocused();
  await expect(dialog.getByText(outside)).toBeVisible();
  await expect(dialog.getByText('Step 2 of 2: Review and pay')).toHaveCount(0);
  await checkBothWidths(page, 'service-area-outside', (file) => testInfo.outputPath(file));

  // An address in a city we do not serve: we cannot place it, and say so when the field is left.
  await location.fill('5 Main St, Boston, MA 02108');
  await expect(dialog.getByText(outside)).toHaveCount(0);
  await dialog.getByLabel('Description').focus();
  await expect(dialog.getByText(unknown)).toBeVisible();
  await expect(location).toHaveAccessibleDescription(unknown);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(location).toBeFocused();
  await expect(dialog.getByText('Step 2 of 2: Review and pay')).toHaveCount(0);

  // The dialog's answer out of date (told that Uptown, Dallas is served): Confirm is refused by the
  // server, and the reason shows at the Location on the details again.
  await page.route('**/v1/providers/*/serves?*', (route) =>
    route.fulfill({
      json: { status: 1, data: { serves: true, km: 1, area: 'Austin, TX 78705', radiusKm: 25 } },
    }),
  );
  await location.fill('Uptown, Dallas, TX');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Step 2 of 2: Review and pay')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`not Successfully: ${outside}`)).toBeVisible();
  await expect(dialog.getByText('Step 1 of 2: Details')).toBeVisible();
  await expect(location).toBeFocused();
  await expect(location).toHaveAccessibleDescription(outside);
  await page.unroute('**/v1/providers/*/serves?*');

  // A place in Austin from the suggestions: served, a quiet hint; the booking goes through.
  await location.fill('');
  await location.pressSequentially('rainey', { delay: 30 });
  await options.filter({ hasText: 'Rainey Street, Austin, TX' }).click();
  await expect(dialog.getByText(inside)).toBeVisible();
  await expect(location).not.toHaveAttribute('aria-invalid', 'true');
  await expect(location).toHaveAccessibleDescription(inside);
  await page.screenshot({ path: testInfo.outputPath('service-area-inside-1280.png') });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Step 2 of 2: Review and pay')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Booking Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);

  const id = new URL(page.url()).pathname.split('/').pop()!;
  const booking = (await (await request.get(`/v1/bookings/${id}`, { headers: auth(customer.token) })).json()) as {
    data: { address: string; status: string };
  };
  expect(booking.data).toMatchObject({ address: 'Rainey Street, Austin, TX', status: 'requested' });
  // The refused Confirm wrote nothing: this is the customer's only booking.
  const ongoing = (await (
    await request.get(`/v1/services/ongoingBookingList/${customer.user._id}`, { headers: auth(customer.token) })
  ).json()) as { data: { _id: string }[] };
  expect(ongoing.data.map((b) => b._id)).toEqual([id]);
  // The browser notes the one refused Confirm; nothing else went wrong.
  expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
});
