// A street typed as people type it, without its city: a customer who chose Dallas books Rachel
// Kim (based in Dallas) at "4512 Swiss Ave". The suggestions keep the house number on the street
// the app knows, in Dallas; left as typed, the address is read in Dallas, the provider's service
// area says so and Continue goes on to the review. At 1280 and at 390 px, with axe. An address
// saved on the profile, with its apartment, is offered first and lands in the booking as saved.
// A street the app does not know, with a ZIP code of Dallas, is taken at the ZIP with a note.
import {
  checkBothWidths,
  createMemberSession,
  expect,
  freeSlot,
  openBookingDialog,
  pickDay,
  providerNamed,
  signInMember,
  test,
  type MemberSession,
} from './fixtures.js';
import type { APIRequestContext, Page } from '@playwright/test';
import { clockTime } from './formats.js';

const dallas = { label: 'Dallas', lat: 32.7767, lng: -96.797, city: 'dallas' };

/** A new customer looking from Dallas, signed in in the page. */
async function dallasCustomer(page: Page, request: APIRequestContext, name: string): Promise<MemberSession> {
  const customer = await createMemberSession(request, name);
  const chosen = await request.put('/v1/members/location', {
    headers: { authorization: `Bearer ${customer.token}` },
    data: { location: dallas },
  });
  expect(chosen.ok()).toBe(true);
  await signInMember(page, customer);
  return customer;
}

for (const [width, height, day] of [
  [1280, 800, 33],
  [390, 844, 36],
] as const) {
  test(`a street typed without its city is read in the chosen Dallas (${width} px)`, async ({
    page,
    request,
    consoleErrors,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    await dallasCustomer(page, request, 'Tess Typed');
    const provider = await providerNamed(request, 'Rachel Kim');
    const { date, time } = await freeSlot(request, provider._id, day + testInfo.repeatEachIndex);

    const dialog = await openBookingDialog(page, provider);
    await pickDay(dialog, 'Select date', date);
    await dialog.getByRole('radio', { name: clockTime(time), exact: true }).check();
    await dialog.getByLabel('Description').fill('A deep clean before we move in.');

    const location = dialog.getByRole('combobox', { name: 'Location' });
    await location.pressSequentially('4512 Swiss Ave', { delay: 30 });
    const options = dialog.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');
    await expect(options.first()).toHaveText('4512 Swiss Ave, Dallas, TX 75204');
    await page.screenshot({ path: testInfo.outputPath(`typed-address-suggestions-${width}.png`) });

    // Left as typed: read in Dallas, served, and Continue goes on.
    await dialog.getByLabel('Description').focus();
    await expect(dialog.getByText(/^Within Rachel Kim’s service area/)).toBeVisible();
    await expect(dialog.getByText(/choose one from the suggestions/)).toHaveCount(0);
    await checkBothWidths(page, `typed-address-${width}`, (file) => testInfo.outputPath(file));
    await page.setViewportSize({ width, height });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Step 2 of 2: Review and pay')).toBeVisible();
    await expect(dialog.getByText('4512 Swiss Ave', { exact: true })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
}

test('an unknown street with a ZIP code of Dallas is taken at the ZIP, with a note', async ({
  page,
  request,
  consoleErrors,
}, testInfo) => {
  await dallasCustomer(page, request, 'Zed Zipped');
  const provider = await providerNamed(request, 'Rachel Kim');
  const { date, time } = await freeSlot(request, provider._id, 42 + testInfo.repeatEachIndex);
  const dialog = await openBookingDialog(page, provider);
  await pickDay(dialog, 'Select date', date);
  await dialog.getByRole('radio', { name: clockTime(time), exact: true }).check();
  await dialog.getByLabel('Description').fill('Kitchen and bathroom.');
  const location = dialog.getByRole('combobox', { name: 'Location' });
  await location.fill('77 Unlisted St, Dallas, TX 75214');
  await dialog.getByLabel('Description').focus();
  const note =
    'We could not find this street, so we placed the address by its ZIP code or city; Rachel Kim will confirm the exact spot with you.';
  await expect(dialog.getByText(note, { exact: false })).toBeVisible();
  await expect(location).toHaveAccessibleDescription(new RegExp(`Within Rachel Kim’s service area .* ${note}`));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Step 2 of 2: Review and pay')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a saved address, with its apartment, is offered first in the booking dialog', async ({
  page,
  request,
  consoleErrors,
}, testInfo) => {
  await dallasCustomer(page, request, 'Sam Saver');
  const provider = await providerNamed(request, 'Rachel Kim');
  const { date, time } = await freeSlot(request, provider._id, 39 + testInfo.repeatEachIndex);

  // Saved on the profile: the line, the apartment and the label.
  await page.goto('/Profiles');
  const profile = page.getByRole('dialog', { name: 'Profile Details' });
  const saved = profile.getByRole('region', { name: 'Saved addresses' });
  await expect(saved.getByText('You have no saved addresses yet.')).toBeVisible();
  await saved.getByRole('button', { name: 'Save address' }).click();
  await expect(saved.getByText('Please enter the address')).toBeVisible();
  await saved.getByLabel('Address', { exact: true }).fill('4512 Swiss Ave, Dallas, TX');
  await saved.getByLabel('Apartment or unit (optional)').fill('Apt 3');
  await saved.getByLabel('Label').selectOption('Work');
  await saved.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Address saved')).toBeVisible();
  const item = saved.getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Work');
  await expect(item).toContainText('4512 Swiss Ave, Apt 3, Dallas, TX');
  await checkBothWidths(page, 'saved-addresses', (file) => testInfo.outputPath(file));

  const dialog = await openBookingDialog(page, provider);
  await pickDay(dialog, 'Select date', date);
  await dialog.getByRole('radio', { name: clockTime(time), exact: true }).check();
  await dialog.getByLabel('Description').fill('Windows, inside and out.');
  const location = dialog.getByRole('combobox', { name: 'Location' });
  await location.pressSequentially('swiss', { delay: 30 });
  const options = dialog.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');
  await expect(options.first()).toHaveText('4512 Swiss Ave, Apt 3, Dallas, TX');
  await options.first().click();
  await expect(location).toHaveValue('4512 Swiss Ave, Apt 3, Dallas, TX');
  await expect(dialog.getByText(/^Within Rachel Kim’s service area/)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Step 2 of 2: Review and pay')).toBeVisible();
  await expect(dialog.getByText('4512 Swiss Ave, Apt 3, Dallas, TX', { exact: true })).toBeVisible();

  // Deleted on the profile: gone from the list.
  await page.goto('/Profiles');
  await saved.getByRole('button', { name: 'Delete 4512 Swiss Ave, Apt 3, Dallas, TX' }).click();
  await expect(page.getByText('Address deleted')).toBeVisible();
  await expect(saved.getByText('You have no saved addresses yet.')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
