// The admin's bookings, ratings, referrals and vendor detail: Create Booking through the modal
// (people found by searching, a real free slot) and a slot taken meanwhile refused; a review
// hidden from customers (found again by the Status filter) and shown again; the referral table and its export read back; a
// provider's detail page with its status toggled and its lists.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  adminCredentials,
  createMemberSession,
  expect,
  expectAccessible,
  type RatingRow,
  signInAdmin,
  test,
  pickDay,
} from './fixtures.js';
import { readDownload } from './xlsx.js';
import { clockTime } from './formats.js';

const slotTaken = 'This time is no longer available. Please choose another time.';
/** The browser logs a refused request as a console error; these refusals are the point of the test. */
const unexpected = (errors: string[]) => errors.filter((error) => !/status of (409|404)/.test(error));

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/v1/auth/adminlogin', { data: adminCredentials });
  return ((await response.json()) as { token: string }).token;
}

interface Vendor {
  _id: string;
  name: string;
  status: '0' | '1';
  isBlocked: boolean;
}

async function vendors(request: APIRequestContext, token: string, q = ''): Promise<Vendor[]> {
  const response = await request.get(`/v1/admin/vendors?limit=100&sort=name&q=${encodeURIComponent(q)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: Vendor[] }).data;
}

async function freeTimes(request: APIRequestContext, providerId: string, date: string): Promise<string[]> {
  return (
    (await (await request.get(`/v1/services/availableSlots/${providerId}?date=${date}`)).json()) as { data: string[] }
  ).data;
}

/**
 * The first day from a week ahead on which the provider has at least four free times. With
 * --repeat-each the repeats run side by side: each books in a week of its own.
 */
async function dayWithFreeTimes(
  request: APIRequestContext,
  providerId: string,
): Promise<{ date: string; times: string[] }> {
  const from = 7 * (1 + test.info().repeatEachIndex);
  for (let ahead = from; ahead < from + 53; ahead++) {
    const date = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    const times = await freeTimes(request, providerId, date);
    if (times.length >= 4) return { date, times };
  }
  throw new Error('no free day');
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `2026-12-02` → `Dec 2nd 26`, as the lists show a date. */
function listDate(iso: string) {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  return `${months[month - 1]} ${day}${suffix} ${String(year).slice(2)}`;
}

/** Types into a person search of the modal and picks the option with that name. */
async function pickPerson(page: Page, label: string, search: string, name: string) {
  await page.getByRole('combobox', { name: label }).fill(search);
  await page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(`^${name}`) })
    .click();
  await expect(page.getByRole('combobox', { name: label })).toHaveValue(name);
}

test('/bookinglist: Create Booking for a customer with a provider at a free time; a time taken meanwhile is refused', async ({
  page,
  request,
  consoleErrors,
}) => {
  const customer = await createMemberSession(request, `Bella Booker ${Date.now() % 100000}`);
  const token = await adminToken(request);
  const provider = (await vendors(request, token)).find(
    (v) => v.status === '1' && !v.isBlocked && v.name === 'Hannah Lee',
  )!;
  const { date, times } = await dayWithFreeTimes(request, provider._id);
  const first = times[0]!;

  await signInAdmin(page, request);
  await page.goto('/bookinglist');
  await expect(page.getByRole('heading', { name: 'Welcom Admin' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Booking List', level: 2 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Booking List' });
  for (const header of ['Customer Name', 'Contractor Name', 'Address', 'Date', 'Time', 'Phone', 'Status']) {
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  }
  // The old app's empty Role column is gone.
  await expect(table.getByRole('columnheader', { name: 'Role' })).toHaveCount(0);
  await expectAccessible(page);

  // Every field is required, with its message.
  await page.getByRole('button', { name: 'Create Booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Booking' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Booking' }).click();
  await expect(dialog.getByText('Please choose who the booking is for (Booked By).')).toBeVisible();
  await expect(dialog.getByText('Please choose the provider (Booked To).')).toBeVisible();
  await expect(dialog.getByText('Please enter your date')).toBeVisible();
  await expect(dialog.getByText('Please enter your Phone number')).toBeVisible();
  await expect(dialog.getByText('Please enter your location')).toBeVisible();
  // The first field of the modal with an error takes the focus.
  await expect(dialog.getByRole('combobox', { name: 'Booked By' })).toBeFocused();

  // Search and pick the customer and the provider; the provider's free times of the day are offered.
  await pickPerson(page, 'Booked By', customer.user.name.split(' ').slice(0, 2).join(' '), customer.user.name);
  await pickPerson(page, 'Booked To', 'hannah', provider.name);
  await pickDay(dialog, 'Date', date);
  const time = dialog.getByLabel('Time');
  await expect(time.locator('option')).toHaveCount(times.length + 1);
  await time.selectOption(first);
  // Phone inputs are numeric: letters and signs do not get in.
  await dialog.getByLabel('Phone').fill('(512) 555-01x77');
  await expect(dialog.getByLabel('Phone')).toHaveValue('5125550177');
  await dialog.getByLabel('Address').fill('1100 Congress Ave, Austin, TX 78701');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create Booking' }).click();
  await expect(page.getByText('Booking Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The list shows it at once, newest first.
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText(customer.user.name);
  await expect(row).toContainText(provider.name);
  await expect(row).toContainText('1100 Congress Ave, Austin, TX 78701');
  await expect(row).toContainText(clockTime(first));
  await expect(row).toContainText('5125550177');
  await expect(row).toContainText('Requested');

  // The booked time is not offered again; another one goes to a member while the modal is open.
  const second = (await freeTimes(request, provider._id, date))[0]!;
  await page.getByRole('button', { name: 'Create Booking' }).click();
  await pickPerson(page, 'Booked By', customer.user.name.split(' ').slice(0, 2).join(' '), customer.user.name);
  // By keyboard this time: the arrow moves to the option, Enter picks it.
  const bookedTo = dialog.getByRole('combobox', { name: 'Booked To' });
  await bookedTo.fill('hannah lee');
  await expect(page.getByRole('listbox', { name: 'Providers' }).getByRole('option')).toHaveCount(1);
  await bookedTo.press('ArrowDown');
  await expect(bookedTo).toHaveAttribute('aria-activedescendant', /.+/);
  await bookedTo.press('Enter');
  await expect(bookedTo).toHaveValue(provider.name);
  await expect(dialog).toBeVisible();
  await pickDay(dialog, 'Date', date);
  await expect(time.locator('option')).not.toHaveCount(1);
  await expect(time.locator(`option[value="${first}"]`)).toHaveCount(0);
  await time.selectOption(second);
  await dialog.getByLabel('Phone').fill('5125550177');
  await dialog.getByLabel('Address').fill('1100 Congress Ave, Austin, TX 78701');
  const rival = await createMemberSession(request, 'Quick Rival');
  const taken = await request.post('/v1/services/addbooking', {
    headers: { authorization: `Bearer ${rival.token}` },
    data: {
      bookedby: rival.user._id,
      bookedto: provider._id,
      date,
      time: second,
      phone: '5125550188',
      address: '2 Elm St, Austin, TX',
      description: 'First come.',
    },
  });
  expect(taken.ok()).toBe(true);
  await dialog.getByRole('button', { name: 'Create Booking' }).click();
  await expect(page.getByRole('alert').filter({ hasText: slotTaken }).first()).toBeVisible();
  await expect(dialog.getByLabel('Time')).toHaveAccessibleDescription(slotTaken);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // One booking of that time: the rival's.
  await page.getByRole('searchbox').fill(provider.name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const atSecond = table
    .getByRole('row')
    .filter({ hasText: listDate(date) })
    .filter({ hasText: clockTime(second) });
  await expect(atSecond).toHaveCount(1);
  await expect(atSecond).toContainText('Quick Rival');
  expect(unexpected(consoleErrors)).toEqual([]);
});

/**
 * A visible review that the provider dialog is sure to show, with a comment unique among its
 * provider's (so its admin row and its text in the dialog are found alone). The dialog lists the
 * five newest, as the customers' own list orders them; the review that list puts first is shown;
 * one written meanwhile by another test moves it one place down, still on the page.
 * With --repeat-each the repeats run side by side: each takes another provider's.
 */
async function reviewShownFirst(request: APIRequestContext, all: RatingRow[]): Promise<RatingRow> {
  const providers = [...new Set(all.filter((r) => !r.hidden).map((r) => r.rate_to._id))];
  let skip = test.info().repeatEachIndex;
  for (const providerId of providers) {
    // The request the dialog makes: the first page of five.
    const response = await request.get(`/v1/services/getUserRating/${providerId}?page=1&limit=5`);
    if (!response.ok()) continue;
    const shown = ((await response.json()) as { data: { _id: string }[] }).data;
    const first = all.find((r) => r._id === shown[0]?._id);
    const unique = all.filter((o) => o.rate_to._id === providerId && o.comment === first?.comment).length === 1;
    if (first && unique && skip-- === 0) return first;
  }
  throw new Error('No provider shows first a review with a comment of its own.');
}

test('/ratings: hiding a review takes it away from customers; Unhide brings it back', async ({
  page,
  request,
  consoleErrors,
}) => {
  const token = await adminToken(request);
  const all = (
    (await (
      await request.get('/v1/admin/ratings?limit=100', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: RatingRow[] }
  ).data;
  const rating = await reviewShownFirst(request, all);
  const provider = rating.rate_to;
  // Whether the provider dialog shows the review, read once its reviews have loaded (the dialog's
  // other list, the services, shows first; the reviews are fetched on their own).
  const customerSees = async () => {
    const reviews = await page.context().newPage();
    await reviews.goto(`/Services_booking?provider=${provider._id}`);
    const dialog = reviews.getByRole('dialog', { name: provider.name });
    const section = dialog.getByRole('region', { name: 'Service Review' });
    await expect(section.getByRole('heading', { name: 'Service Review' })).toBeVisible();
    await expect(section.getByRole('listitem').or(section.getByText('No reviews yet.')).first()).toBeVisible();
    const visible = await section.getByText(rating.comment, { exact: true }).count();
    await reviews.close();
    return visible > 0;
  };
  expect(await customerSees()).toBe(true);

  await signInAdmin(page, request);
  await page.goto('/Ratings');
  await expect(page.getByRole('heading', { name: 'Ratings', level: 2 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Ratings' });
  for (const header of ['Customer', 'Provider', 'Rating', 'Comment', 'Date', 'Status', 'Action'])
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(21);
  await expectAccessible(page);

  await page.getByRole('searchbox').fill(provider.name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = table.getByRole('row').filter({ hasText: rating.comment });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Visible');
  await row.getByRole('button', { name: /^Hide/ }).click();
  await page
    .getByRole('dialog', { name: `Hide ${rating.rate_by.name}’s review of ${provider.name}?` })
    .getByRole('button', { name: 'Hide', exact: true })
    .click();
  await expect(page.getByText('The review is hidden from customers.')).toBeVisible();
  await expect(row).toContainText('Hidden');
  expect(await customerSees()).toBe(false);

  // The Status filter: among the hidden ones it is there; among the visible ones it is not.
  await page.getByLabel('Status', { exact: true }).selectOption('hidden');
  await expect(page).toHaveURL(/status=hidden/);
  await expect(row).toHaveCount(1);
  await page.getByLabel('Status', { exact: true }).selectOption('visible');
  await expect(page).toHaveURL(/status=visible/);
  await expect(row).toHaveCount(0);
  await page.getByLabel('Status', { exact: true }).selectOption('');
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: /^Unhide/ }).click();
  await page
    .getByRole('dialog', { name: `Show ${rating.rate_by.name}’s review of ${provider.name} again?` })
    .getByRole('button', { name: 'Unhide', exact: true })
    .click();
  await expect(page.getByText('The review is shown to customers again.')).toBeVisible();
  await expect(row).toContainText('Visible');
  expect(await customerSees()).toBe(true);
  expect(unexpected(consoleErrors)).toEqual([]);
});

test('/referral: the seeded referrals with their second connections, and the export read back', async ({
  page,
  request,
  consoleErrors,
}) => {
  await signInAdmin(page, request);
  await page.goto('/referral');
  await expect(page.getByRole('heading', { name: 'Referrals', level: 2 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Referrals' });
  for (const header of ['User', 'First Connection', 'Second Connection', 'Join Date'])
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  // Demo Customer referred Emily Carter, who referred Megan Scott.
  const emily = table
    .getByRole('row')
    .filter({ hasText: 'emily.carter@example.com' })
    .filter({ hasText: 'demo@doorstep.example' });
  await expect(emily.getByRole('cell').nth(2)).toHaveText('megan.scott@example.com');
  await expect(emily.getByRole('cell').nth(3)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}(st|nd|rd|th) \d{2}$/);
  await expect(table.getByRole('row')).toHaveCount(7);
  await expectAccessible(page);

  await page.getByRole('searchbox').fill('demo@doorstep');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^referrals-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const rows = await readDownload(download);
  expect(rows[0]).toEqual(['User', 'First Connection', 'Second Connection', 'Join Date']);
  expect(
    rows
      .slice(1)
      .map((r) => r.slice(0, 3))
      .sort(),
  ).toEqual([
    ['demo@doorstep.example', 'emily.carter@example.com', 'megan.scott@example.com'],
    ['demo@doorstep.example', 'michael.johnson@example.com', '—'],
  ]);
  expect(rows[1]![3]).toBeInstanceOf(Date);
  expect(unexpected(consoleErrors)).toEqual([]);
});

test('/vendorDetail: a Deactive provider from the contractor list, activated; its lists; a missing id leads back', async ({
  page,
  request,
  consoleErrors,
}) => {
  await signInAdmin(page, request);
  await page.goto('/vendorDetail');
  await expect(page.getByRole('heading', { name: 'Vendor Detail', level: 2 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'No provider was chosen.' })).toBeVisible();
  await page.goto('/vendorDetail?id=00000000-0000-4000-8000-00000000abcd');
  await expect(page.getByText('This provider was not found.')).toBeVisible();
  await page.getByRole('alert').getByRole('link', { name: 'Back to Contractor Listing' }).click();
  await expect(page).toHaveURL(/\/vendor$/);

  await page.getByRole('searchbox').fill('Kevin Walsh');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('table', { name: 'Contractor Listing' }).getByRole('link', { name: 'Kevin Walsh' }).click();
  await expect(page).toHaveURL(/\/vendorDetail\?id=[0-9a-f-]{36}$/);
  const providerId = new URL(page.url()).searchParams.get('id')!;
  await expect(page.getByRole('heading', { name: 'Kevin Walsh', level: 3 })).toBeVisible();
  await expect(page.getByText('2145550159')).toBeVisible();
  await expect(page.getByText('Dallas', { exact: true })).toBeVisible();
  await expect(page.getByText('$70.00', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Plumbing' })).toBeVisible();
  await expect(page.getByText('Not blocked')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bookings', level: 3 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ratings', level: 3 })).toBeVisible();
  await expectAccessible(page);

  // Customers cannot see a Deactive provider; Active makes it bookable.
  expect((await request.get(`/v1/services/provider/${providerId}`)).status()).toBe(404);
  await page.getByRole('button', { name: 'Deactive: Kevin Walsh' }).click();
  await page
    .getByRole('dialog', { name: 'Activate Kevin Walsh?' })
    .getByRole('button', { name: 'Activate', exact: true })
    .click();
  await expect(page.getByText('Status updated successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Active: Kevin Walsh' })).toBeVisible();
  expect((await request.get(`/v1/services/provider/${providerId}`)).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Active: Kevin Walsh' })).toBeVisible();

  // Block and Unblock show the stored state and alert only after the server said yes.
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Block Kevin Walsh?' })
    .getByRole('button', { name: 'Block', exact: true })
    .click();
  await expect(page.getByText('Block User Successfully!')).toBeVisible();
  await expect(page.getByText('Blocked', { exact: true })).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Unblock', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Unblock Kevin Walsh?' })
    .getByRole('button', { name: 'Unblock', exact: true })
    .click();
  await expect(page.getByText('Unblock User Successfully!')).toBeVisible();
  await expect(page.getByText('Not blocked')).toBeVisible();

  // Back as it was, so other journeys see the seed.
  await page.getByRole('button', { name: 'Active: Kevin Walsh' }).click();
  await page
    .getByRole('dialog', { name: 'Deactivate Kevin Walsh?' })
    .getByRole('button', { name: 'Deactivate', exact: true })
    .click();
  await expect(page.getByRole('button', { name: 'Deactive: Kevin Walsh' })).toBeVisible();
  expect(unexpected(consoleErrors)).toEqual([]);
});

test('/vendorDetail of a provider with bookings and ratings: both lists, searched on their own', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const [olivia] = await vendors(request, token, 'Olivia Chen');
  await signInAdmin(page, request);
  await page.goto(`/vendorDetail?id=${olivia!._id}`);
  await expect(page.getByRole('heading', { name: 'Olivia Chen', level: 3 })).toBeVisible();
  const bookings = page.getByRole('table', { name: 'Bookings' });
  const ratings = page.getByRole('table', { name: 'Ratings' });
  await expect(bookings.getByRole('row').nth(1)).toBeVisible();
  await expect(ratings.getByRole('row')).toHaveCount(6);
  // Each list is Olivia's alone (no provider column), and searching one leaves the other.
  await expect(bookings.getByRole('columnheader', { name: 'Contractor Name' })).toHaveCount(0);
  const firstCustomer = (await ratings.getByRole('row').nth(1).getByRole('cell').first().textContent())!;
  await page.getByRole('search').nth(1).getByRole('searchbox').fill(firstCustomer);
  await page.getByRole('search').nth(1).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/ratings\.q=/);
  await expect(ratings.getByRole('row').nth(1)).toContainText(firstCustomer);
  await expect(bookings.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('search').first().getByRole('searchbox')).toHaveValue('');
  await expectAccessible(page);
});
