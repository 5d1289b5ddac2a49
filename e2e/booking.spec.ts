// Booking journeys as a person: a fresh member books a seeded provider (date, a free time,
// phone, a suggested location, description, then the review step and Confirm), lands on the
// booking's page, sees the booking in /Ongoing, cancels it and finds it in /History; the demo
// customer rates a completed job once. The checkout's price, coupon and payment: checkout.spec.ts.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  createMemberSession,
  expect,
  expectAccessible,
  lastCode,
  signInMember,
  test,
  type MemberSession,
  pickDay,
} from './fixtures.js';
import { dayjs } from './formats.js';

const demoPhone = '5550000001';

/** `14:05` → `2:05 PM`, as the dialog shows a time. */
function clockTime(hhmm: string) {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}
/** `2026-06-10` → `10-06-2026`. */
const dayMonthYear = (iso: string) => iso.split('-').reverse().join('-');

/** The best rated provider: the seed's is based in New York, so the addresses typed are there. */
async function topProvider(request: APIRequestContext) {
  const body = (await (await request.get('/v1/services/topserviceprovider?limit=1')).json()) as {
    data: { _id: string; name: string }[];
  };
  return body.data[0]!;
}

/**
 * The first day from a week ahead on which the provider has at least four free times. With
 * --repeat-each the repeats run side by side: each books in a week of its own.
 */
async function dayWithFreeTimes(request: APIRequestContext, providerId: string) {
  const from = 7 * (1 + test.info().repeatEachIndex);
  for (let ahead = from; ahead < from + 53; ahead++) {
    const date = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    const body = (await (await request.get(`/v1/services/availableSlots/${providerId}?date=${date}`)).json()) as {
      data: string[];
    };
    if (body.data.length >= 4) return { date, times: body.data };
  }
  throw new Error('no free day');
}

/** The demo customer, signed in once per worker (code sends per phone are rate-limited). */
let demoSession: Promise<MemberSession> | undefined;
const signInDemo = (request: APIRequestContext) => (demoSession ??= loginDemo(request));

async function loginDemo(request: APIRequestContext): Promise<MemberSession> {
  expect((await request.post('/v1/user/login/send-otp', { data: { mobile: demoPhone } })).ok()).toBe(true);
  const login = await request.post('/v1/members/login', {
    data: { phone: demoPhone, otp: await lastCode(request, demoPhone) },
  });
  expect(login.ok()).toBe(true);
  const body = (await login.json()) as { token: string; data: { _id: string; name: string } };
  return { token: body.token, user: body.data, phone: demoPhone, email: '' };
}

/** How wide the page's main content and any open dialog are laid out (the site header is not ours to check here). */
const contentWidth = (page: Page) =>
  page.evaluate(() =>
    Math.max(...['main', 'dialog[open]'].map((selector) => document.querySelector(selector)?.scrollWidth ?? 0)),
  );

async function openBookingDialog(page: Page, providerId: string, name: string) {
  await page.goto(`/Services_booking?provider=${providerId}`);
  await page.getByRole('button', { name: 'Book now' }).click();
  const dialog = page.getByRole('dialog', { name: `Book ${name}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a member books a free time, sees it in /Ongoing, cancels it and finds it in /History', async ({
  page,
  request,
  consoleErrors,
}) => {
  const member = await createMemberSession(request, 'Nora Booker');
  await signInMember(page, member);
  const provider = await topProvider(request);
  const { date, times } = await dayWithFreeTimes(request, provider._id);
  // The first free time: with its travel buffer it takes the next one too, not the fourth.
  const time = times[0]!;

  let dialog = await openBookingDialog(page, provider._id, provider.name);
  await expect(dialog.getByText('Choose a date to see the free times.')).toBeVisible();
  await expectAccessible(page);

  // The phone starts as the account's; emptied, and nothing else filled, Continue gives the five
  // required-field messages.
  const phone = dialog.getByLabel('Phone number');
  await expect(phone).toHaveValue(member.phone);
  await phone.fill('');
  await dialog.page().getByRole('button', { name: 'Continue' }).click();
  for (const message of [
    'Please enter your date',
    'Please enter your time',
    'Please enter your Phone number',
    'Please enter your location',
    'Please enter your description',
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  const dateButton = dialog.getByRole('button', { name: /^Select date / });
  await expect(dateButton).toBeFocused();

  // The day is picked from a month written out, never typed: the days before today and after the
  // 90 days bookings open for cannot be reached, and nothing asks the server until a day is picked.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/availableSlots/')) asked.push(request.url());
  });
  const dayName = (days: number) => dayjs().add(days, 'day').format('dddd, MMMM D, YYYY');
  await dateButton.click();
  const calendar = dialog.getByRole('dialog', { name: 'Select date: calendar' });
  await expect(calendar.getByRole('button', { name: dayName(0) })).toBeFocused();
  await expect(calendar.getByRole('button', { name: 'Previous month' })).toBeDisabled();
  await page.keyboard.press('ArrowLeft');
  await expect(calendar.getByRole('button', { name: dayName(0) })).toBeFocused();
  for (let i = 0; i < 4; i++) await page.keyboard.press('PageDown');
  await expect(calendar.getByRole('button', { name: dayName(90) })).toBeFocused();
  await expect(calendar.getByRole('button', { name: 'Next month' })).toBeDisabled();
  // Escape closes the month, not the booking dialog.
  await page.keyboard.press('Escape');
  await expect(calendar).toHaveCount(0);
  await expect(dateButton).toBeFocused();
  await expect(dateButton).toHaveText('Choose a day');
  expect(asked).toEqual([]);

  await pickDay(dialog, 'Select date', date);
  const timeGroup = dialog.getByRole('group', { name: 'Select time' });
  await expect(timeGroup.getByRole('radio')).toHaveCount(times.length);
  await timeGroup.getByRole('radio', { name: clockTime(time), exact: true }).check();

  await expect(phone).toHaveAttribute('placeholder', 'Enter your phone number');
  // Digits only, ten at most.
  await phone.pressSequentially('(512) 555-01234');
  await expect(phone).toHaveValue('5125550123');

  const location = dialog.getByRole('combobox', { name: 'Location' });
  await location.pressSequentially('bleecker', { delay: 30 });
  const options = dialog.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');
  // Suggestions that answer what was typed (on a slow machine the list for the first letters may
  // show first). The one picked then stays picked while the list for the whole text arrives.
  await expect(options.first()).toContainText(/bleecker/i);
  await location.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  const picked = (await options.first().textContent())!;
  await location.press('Enter');
  await expect(location).toHaveValue(picked);
  await expect(dialog.getByRole('listbox', { name: 'Address suggestions' })).toBeHidden();

  const description = dialog.getByLabel('Description');
  await expect(description).toHaveAttribute('placeholder', 'Enter description');
  await description.fill('Please fix the dripping kitchen tap.');
  await page.screenshot({ path: test.info().outputPath('booking-dialog-1280.png') });
  await dialog.page().getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Step 2 of 2: Review and pay')).toBeVisible();
  await dialog.page().getByRole('button', { name: 'Confirm' }).click();

  // The booking's page.
  await expect(page.getByText('Booking Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);

  // The booked time has gone from the free times of that day; the form starts empty again.
  dialog = await openBookingDialog(page, provider._id, provider.name);
  await expect(dialog.getByRole('button', { name: /^Select date / })).toHaveText('Choose a day');
  await pickDay(dialog, 'Select date', date);
  await expect(dialog.getByRole('radio', { name: clockTime(times[3]!), exact: true })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: clockTime(time), exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // /Ongoing shows it.
  await page.goto('/Ongoing');
  await expect(page.getByRole('heading', { level: 1, name: 'Ongoing Booking' })).toBeVisible();
  const card = page.getByRole('article', { name: provider.name });
  await expect(card).toHaveCount(1);
  await expect(card.getByText(dayMonthYear(date))).toBeVisible();
  await expect(card.getByText(clockTime(time))).toBeVisible();
  await expect(card.getByText(picked)).toBeVisible();
  await expect(card.getByText('Requested')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('ongoing-1280.png'), fullPage: true });

  // Cancel request, confirmed: the toast, then the list reloads without it.
  await card.getByRole('button', { name: 'Cancel request' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel request' });
  await expect(confirm.getByText('Do you want to cancel this booking?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText('Booking cancelled')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByText('You have no ongoing bookings.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find a service' })).toBeVisible();

  // /History has it, cancelled, without Rate Now.
  await page.goto('/History');
  const past = page.getByRole('article', { name: provider.name });
  await expect(past.getByText('Cancelled')).toBeVisible();
  await expect(past.getByText(dayMonthYear(date))).toBeVisible();
  await expect(past.getByRole('button', { name: 'Rate Now' })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('a time taken meanwhile: not Successfully with the reason, and the free times are asked again', async ({
  page,
  request,
}) => {
  const member = await createMemberSession(request, 'Omar Late');
  const rival = await createMemberSession(request, 'Rita Early');
  await signInMember(page, member);
  const provider = await topProvider(request);
  const { date, times } = await dayWithFreeTimes(request, provider._id);
  const time = times[times.length - 1]!;

  const dialog = await openBookingDialog(page, provider._id, provider.name);
  await pickDay(dialog, 'Select date', date);
  await dialog.getByRole('radio', { name: clockTime(time), exact: true }).check();
  await dialog.getByLabel('Phone number').fill('5125550199');
  await dialog.getByRole('combobox', { name: 'Location' }).fill('12 Orchard St, New York, NY 10002');
  await dialog.getByLabel('Description').fill('Hang three shelves.');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Someone else books that time first.
  const taken = await request.post('/v1/services/addbooking', {
    headers: { authorization: `Bearer ${rival.token}` },
    data: {
      bookedby: rival.user._id,
      bookedto: provider._id,
      date,
      time,
      phone: '5125550100',
      address: '1 Orchard St, New York, NY 10002',
      description: 'Mine first.',
    },
  });
  expect(taken.ok()).toBe(true);

  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByText('not Successfully: This time is no longer available. Please choose another time.'),
  ).toBeVisible();
  // Back on the details, the time gone from the free times and the reason at it.
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Step 1 of 2: Details')).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Select time' })).toContainText(
    'This time is no longer available. Please choose another time.',
  );
  await expect(dialog.getByRole('radio', { name: clockTime(time), exact: true })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the booking dialog and /Ongoing fit a narrow screen', async ({ page, request }) => {
    const member = await createMemberSession(request, 'Pia Phone');
    await signInMember(page, member);
    const provider = await topProvider(request);
    const { date, times } = await dayWithFreeTimes(request, provider._id);
    const dialog = await openBookingDialog(page, provider._id, provider.name);
    await pickDay(dialog, 'Select date', date);
    await expect(dialog.getByRole('radio')).toHaveCount(times.length);
    await dialog.getByRole('combobox', { name: 'Location' }).pressSequentially('east vill', { delay: 30 });
    const suggestions = dialog.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');
    await expect(suggestions.first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('booking-dialog-390.png') });
    expect(await contentWidth(page)).toBeLessThanOrEqual(390);
    await suggestions.first().click();
    await dialog.getByRole('radio').first().check();
    await dialog.getByLabel('Phone number').fill('5125550111');
    await dialog.getByLabel('Description').fill('Blinds for two windows.');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Booking Successfully')).toBeVisible();

    await page.goto('/Ongoing');
    await expect(page.getByRole('article', { name: provider.name })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('ongoing-390.png'), fullPage: true });
    expect(await contentWidth(page)).toBeLessThanOrEqual(390);
  });

  test('/History and the Give rate dialog fit a narrow screen, with 60 px stars', async ({ page, request }) => {
    await signInMember(page, await signInDemo(request));
    await page.goto('/History');
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('history-390.png'), fullPage: true });
    expect(await contentWidth(page)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Rate Now' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Give rate' });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('rate-dialog-390.png') });
    expect(await contentWidth(page)).toBeLessThanOrEqual(390);
    const star = dialog.locator('label').filter({ hasText: '5 stars' });
    expect((await star.boundingBox())!.width).toBe(60);
  });
});

test('the demo customer rates a completed job once', async ({ page, request, consoleErrors }) => {
  const demo = await signInDemo(request);
  await signInMember(page, demo);
  await page.goto('/History');
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  const rateNow = page.getByRole('button', { name: 'Rate Now' });
  await expect(rateNow.first()).toBeVisible();
  const before = await rateNow.count();
  const card = page.getByRole('article').filter({ has: rateNow }).first();
  const providerName = (await card.getByRole('heading').textContent())!;
  await expect(card.getByText('Completed')).toBeVisible();

  await card.getByRole('button', { name: 'Rate Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give rate' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Please give rating')).toBeVisible();
  await expect(dialog.getByText('Please enter rate')).toBeVisible();
  await expectAccessible(page);

  // Closing resets the stars and the comment.
  await dialog.getByRole('radio', { name: '3 stars' }).check();
  await dialog.getByLabel('Comment').fill('Draft');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await card.getByRole('button', { name: 'Rate Now' }).click();
  await expect(dialog.getByRole('radio', { name: '3 stars' })).not.toBeChecked();
  await expect(dialog.getByLabel('Comment')).toHaveValue('');

  // Stars by keyboard: focus the first, arrow to the fourth.
  await dialog.getByRole('radio', { name: '1 star', exact: true }).focus();
  await page.keyboard.press('Space');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await dialog.getByLabel('Comment').fill('Friendly, quick and careful.');
  await page.screenshot({ path: test.info().outputPath('rate-dialog-1280.png') });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Rating send successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The card shows the rating instead of the button.
  await expect(rateNow).toHaveCount(before - 1);
  const rated = page.getByRole('article', { name: providerName }).filter({ hasText: 'Friendly, quick and careful.' });
  await expect(rated.getByText('Your rating')).toBeVisible();
  await expect(rated.getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeVisible();

  // A second rating of the same booking is refused.
  const history = (await (
    await request.get(`/v1/services/previousBookingList/${demo.user._id}?limit=100`, {
      headers: { authorization: `Bearer ${demo.token}` },
    })
  ).json()) as {
    data: { _id: string; rated: boolean; rating: { comment: string } | null; bookedto: { _id: string } }[];
  };
  const booking = history.data.find((b) => b.rating?.comment === 'Friendly, quick and careful.')!;
  const again = await request.post('/v1/services/addrating', {
    headers: { authorization: `Bearer ${demo.token}` },
    data: {
      rate_by: demo.user._id,
      rate_to: booking.bookedto._id,
      booking_id: booking._id,
      count: 1,
      comment: 'Again',
    },
  });
  expect(again.status()).toBe(409);
  expect(await again.json()).toEqual({
    status: 0,
    code: 'conflict',
    requestId: expect.any(String),
    message: 'Already give rating',
  });
  expect(consoleErrors).toEqual([]);
});

test('the UI answers a refused rating with Already give rating', async ({ page, request }) => {
  const demo = await signInDemo(request);
  await signInMember(page, demo);
  await page.goto('/History');
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Rate Now' }) })
    .first();
  await card.getByRole('button', { name: 'Rate Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give rate' });
  // The same booking is rated from elsewhere (another tab) while the dialog is open.
  const history = (await (
    await request.get(`/v1/services/previousBookingList/${demo.user._id}?limit=100`, {
      headers: { authorization: `Bearer ${demo.token}` },
    })
  ).json()) as { data: { _id: string; status: string; rated: boolean; bookedto: { _id: string; name: string } }[] };
  const name = (await card.getByRole('heading').textContent())!;
  const target = history.data.find((b) => b.status === 'completed' && !b.rated && b.bookedto.name === name)!;
  const first = await request.post('/v1/services/addrating', {
    headers: { authorization: `Bearer ${demo.token}` },
    data: {
      rate_by: demo.user._id,
      rate_to: target.bookedto._id,
      booking_id: target._id,
      count: 5,
      comment: 'From the other tab.',
    },
  });
  expect(first.ok()).toBe(true);
  await dialog.getByRole('radio', { name: '5 stars' }).check();
  await dialog.getByLabel('Comment').fill('And from this one.');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Already give rating')).toBeVisible();
});
