// Reschedule as a person: a customer books a free time of the demo provider, moves it to another
// from /Ongoing (the new date and time show at once; the old time is free again in the booking
// dialog), and the provider, signed in in a second browser, sees "moved" arrive live.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  auth,
  createMemberSession,
  expect,
  expectAccessible,
  freeTimes,
  signInDemoProvider,
  signInMember,
  test,
  type MemberSession,
  pickDay,
} from './fixtures.js';
import { clockTime, dayMonthYear } from './formats.js';

/** A day, from `from` days ahead on, on which the provider has at least four free times (for a job of `minutes`). */
async function dayWithFreeTimes(request: APIRequestContext, providerId: string, from: number, minutes?: number) {
  for (let ahead = from; ahead < from + 40; ahead++) {
    const date = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    const times = await freeTimes(request, providerId, date, minutes);
    if (times.length >= 4) return { date, times };
  }
  throw new Error('no free day');
}

async function openAs(
  browser: Browser,
  member: MemberSession,
  errors: string[],
  viewport = { width: 1280, height: 900 },
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await signInMember(page, member);
  return page;
}

async function openBookingDialog(page: Page, providerId: string, name: string) {
  await page.goto(`/Services_booking?provider=${providerId}`);
  await page.getByRole('button', { name: 'Book now' }).click();
  const dialog = page.getByRole('dialog', { name: `Book ${name}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a customer moves a booking to another free time; the provider hears of it live', async ({
  browser,
  request,
}, testInfo) => {
  const provider = await signInDemoProvider(request);
  const customer = await createMemberSession(request, 'Rosa Mover');
  const errors: string[] = [];
  const page = await openAs(browser, customer, errors);
  const providerPage = await openAs(browser, provider, errors);

  // The provider waits on its notifications.
  await providerPage.goto('/Notifications');
  await expect(providerPage.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();

  // The customer books the first free time of a day.
  const { date, times } = await dayWithFreeTimes(request, provider.user._id, 45);
  const time = times[0]!;
  let dialog = await openBookingDialog(page, provider.user._id, provider.user.name);
  await pickDay(dialog, 'Select date', date);
  await dialog.getByRole('radio', { name: clockTime(time), exact: true }).check();
  await dialog.getByLabel('Phone number').fill('5125550142');
  await dialog.getByRole('combobox', { name: 'Location' }).fill('12 Rainey St, Austin, TX 78701');
  await dialog.getByLabel('Description').fill('Repaint the hallway.');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Booking Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // /Ongoing: Reschedule opens the dialog with the current time and the slot picker.
  await page.goto('/Ongoing');
  const card = page.getByRole('article', { name: provider.user.name });
  await expect(card.getByText(dayMonthYear(date))).toBeVisible();
  await expect(card.getByText(clockTime(time))).toBeVisible();
  await card.getByRole('button', { name: 'Reschedule' }).click();
  const move = page.getByRole('dialog', { name: 'Reschedule booking' });
  await expect(move).toBeVisible();
  await expect(move.getByText(`${dayMonthYear(date)} · ${clockTime(time)}`)).toBeVisible();
  await expect(move.getByText('Choose a date to see the free times.')).toBeVisible();

  // Save with nothing chosen: the booking dialog's messages.
  await move.getByRole('button', { name: 'Save' }).click();
  await expect(move.getByText('Please enter your date', { exact: true })).toBeVisible();

  // Another day, one of its free times: those with room for the booking's length, its service's
  // duration when the provider has a price list (of one line: the dialog chose it).
  const prices = (await (await request.get(`/v1/providers/${provider.user._id}/prices`)).json()) as {
    data: { durationMinutes: number }[];
  };
  const next = await dayWithFreeTimes(request, provider.user._id, 50, prices.data[0]?.durationMinutes);
  const newTime = next.times[next.times.length - 1]!;
  await pickDay(move, 'Select date', next.date);
  const group = move.getByRole('group', { name: 'Select time' });
  await expect(group.getByRole('radio')).toHaveCount(next.times.length);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('reschedule-dialog-1280.png') });
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/v1/services/reschedulebooking') && r.status() === 200),
    (async () => {
      await group.getByRole('radio', { name: clockTime(newTime), exact: true }).check();
      await move.getByRole('button', { name: 'Save' }).click();
    })(),
  ]);
  await expect(page.getByText('Booking moved')).toBeVisible();
  await expect(move).toBeHidden();

  // The card shows the new date and time at once, still requested.
  await expect(card.getByText(dayMonthYear(next.date))).toBeVisible();
  await expect(card.getByText(clockTime(newTime))).toBeVisible();
  await expect(card.getByText('Requested')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('ongoing-after-1280.png'), fullPage: true });

  // The provider sees it arrive without a reload.
  const notice = providerPage.getByRole('listitem').filter({
    hasText: `Rosa Mover moved the booking to ${dayMonthYear(next.date)} at ${clockTime(newTime)} (was ${dayMonthYear(date)} at ${clockTime(time)})`,
  });
  await expect(notice).toBeVisible();
  await expect(notice.getByText('Unread', { exact: true })).toBeVisible();
  await expectAccessible(providerPage);
  await providerPage.screenshot({ path: testInfo.outputPath('provider-notifications-1280.png') });

  // The old time is free again in the booking dialog; the new one is gone.
  dialog = await openBookingDialog(page, provider.user._id, provider.user.name);
  await pickDay(dialog, 'Select date', date);
  await expect(dialog.getByRole('radio', { name: clockTime(time), exact: true })).toBeVisible();
  await pickDay(dialog, 'Select date', next.date);
  await expect(dialog.getByRole('radio').first()).toBeVisible();
  await expect(dialog.getByRole('radio', { name: clockTime(newTime), exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Tidy up: the demo provider's calendar stays free for other journeys.
  await page.goto('/Ongoing');
  await card.getByRole('button', { name: 'Cancel request' }).click();
  await page.getByRole('dialog', { name: 'Cancel request' }).getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText('Booking cancelled')).toBeVisible();

  expect(errors).toEqual([]);
  await page.context().close();
  await providerPage.context().close();
});

test('a time taken meanwhile is refused with the booking message; on a phone the dialog fits', async ({
  browser,
  request,
}, testInfo) => {
  const provider = await signInDemoProvider(request);
  const customer = await createMemberSession(request, 'Tom Late');
  const rival = await createMemberSession(request, 'Uma Early');
  const errors: string[] = [];
  const page = await openAs(browser, customer, errors, { width: 390, height: 844 });
  const { date, times } = await dayWithFreeTimes(request, provider.user._id, 55);
  const booked = await request.post('/v1/services/addbooking', {
    headers: auth(customer.token),
    data: {
      bookedby: customer.user._id,
      bookedto: provider.user._id,
      date,
      time: times[0],
      phone: '5125550100',
      address: '1 Main St, Austin, TX',
      description: 'Shelves.',
    },
  });
  expect(booked.ok()).toBe(true);
  const target = times[times.length - 1]!;

  await page.goto('/Ongoing');
  const card = page.getByRole('article', { name: provider.user.name });
  await card.getByRole('button', { name: 'Reschedule' }).click();
  const move = page.getByRole('dialog', { name: 'Reschedule booking' });
  await pickDay(move, 'Select date', date);
  await move.getByRole('radio', { name: clockTime(target), exact: true }).check();
  await page.screenshot({ path: testInfo.outputPath('reschedule-dialog-390.png') });
  const width = await page.evaluate(() => document.querySelector('dialog[open]')?.scrollWidth ?? 0);
  expect(width).toBeLessThanOrEqual(390);

  // Someone else takes that time first.
  const taken = await request.post('/v1/services/addbooking', {
    headers: auth(rival.token),
    data: {
      bookedby: rival.user._id,
      bookedto: provider.user._id,
      date,
      time: target,
      phone: '5125550101',
      address: '2 Main St, Austin, TX',
      description: 'Mine first.',
    },
  });
  expect(taken.ok()).toBe(true);
  await move.getByRole('button', { name: 'Save' }).click();
  await expect(
    move.getByRole('alert').filter({ hasText: 'This time is no longer available. Please choose another time.' }),
  ).toBeVisible();
  await expect(move.getByRole('radio', { name: clockTime(target), exact: true })).toHaveCount(0);
  await expect(card.getByText(clockTime(times[0]!))).toBeVisible();
  await expectAccessible(page);

  // Tidy up.
  for (const who of [customer, rival]) {
    const list = (await (
      await request.get(`/v1/services/ongoingBookingList/${who.user._id}`, { headers: auth(who.token) })
    ).json()) as { data: { _id: string }[] };
    for (const b of list.data) await request.get(`/v1/services/deletebooking/${b._id}`, { headers: auth(who.token) });
  }
  // The browser logs the expected 409 itself; nothing else may show.
  expect(errors.filter((e) => !e.includes('status of 409 (Conflict)'))).toEqual([]);
  await page.context().close();
});
