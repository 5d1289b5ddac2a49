// One format per kind: a booking's day and time read the same on its page, on the provider's job
// card and in the admin's list; a day is picked from a month written out, at a desktop's width and
// a phone's. (Distances in miles: discovery.spec.ts and service-area.spec.ts.)
import type { APIRequestContext } from '@playwright/test';
import {
  auth,
  createMemberSession,
  expect,
  expectAccessible,
  freeTimes,
  openBookingDialog,
  pickDay,
  signInAdmin,
  signInDemoProvider,
  signInMember,
  test,
  type MemberSession,
} from './fixtures.js';
import { clockTime, dayjs, dayMonthYear, zone } from './formats.js';

/** `2026-12-02` → `Dec 2nd 26`, as the admin's lists show a date. */
const listDate = (iso: string) => dayjs(iso).format('MMM D') + ordinal(dayjs(iso).date()) + dayjs(iso).format(' YY');
const ordinal = (day: number) =>
  day >= 11 && day <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');

/** A free day from `from` days ahead with a time whose hour is written differently in 24 hours (9 or 13 and later). */
async function telltaleSlot(request: APIRequestContext, providerId: string, from: number) {
  for (let ahead = from; ahead < 90; ahead++) {
    const date = dayjs().tz(zone).add(ahead, 'day').format('YYYY-MM-DD');
    const time = (await freeTimes(request, providerId, date)).find((t) => t < '10:00' || t >= '13:00');
    if (time) return { date, time };
  }
  throw new Error('no free slot');
}

async function book(request: APIRequestContext, customer: MemberSession, providerId: string, from: number) {
  const prices = (
    (await (await request.get(`/v1/providers/${providerId}/prices`)).json()) as {
      data: { serviceId: string; unit: 'visit' | 'hour' }[];
    }
  ).data;
  const slot = await telltaleSlot(request, providerId, from);
  const booked = await request.post('/v1/services/addbooking', {
    headers: auth(customer.token),
    data: {
      bookedby: customer.user._id,
      bookedto: providerId,
      serviceId: prices[0]!.serviceId,
      ...(prices[0]!.unit === 'hour' ? { hours: 2 } : {}),
      payment: 'cash',
      ...slot,
      phone: '5125550188',
      address: '64 Rainey St, Austin, TX 78701',
      description: 'Formats: the same day and time everywhere.',
    },
  });
  expect(booked.ok(), await booked.text()).toBe(true);
  return { id: ((await booked.json()) as { data: { _id: string } }).data._id, ...slot };
}

test('a booking’s day and time read the same on its page, the job card and /bookinglist', async ({
  page,
  request,
  browser,
}) => {
  const provider = await signInDemoProvider(request);
  const customer = await createMemberSession(request, `Fay Format ${Date.now() % 100000}`);
  const booking = await book(request, customer, provider.user._id, 60);
  const day = dayMonthYear(booking.date);
  const time = clockTime(booking.time);

  await signInMember(page, customer);
  await page.goto(`/bookings/${booking.id}`);
  await expect(page.getByText(`${dayjs(booking.date).format('dddd')}, ${day}`)).toBeVisible();
  await expect(page.getByText(new RegExp(`^${time} C[SD]T$`))).toBeVisible();
  await expect(page.getByText(booking.time, { exact: true })).toHaveCount(0);

  const providerPage = await browser.newPage();
  await signInMember(providerPage, provider);
  await providerPage.goto('/provider/jobs');
  const card = providerPage.getByRole('article', { name: customer.user.name });
  await expect(card.getByText(day, { exact: true })).toBeVisible();
  await expect(card.getByText(time, { exact: true })).toBeVisible();
  await providerPage.close();

  const admin = await browser.newPage();
  await signInAdmin(admin, request);
  await admin.goto('/bookinglist');
  await admin.getByRole('searchbox').fill(customer.user.name);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  const row = admin
    .getByRole('table', { name: 'Booking List' })
    .getByRole('row')
    .filter({ hasText: customer.user.name });
  await expect(row.getByRole('cell', { name: listDate(booking.date), exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: time, exact: true })).toBeVisible();
  await admin.screenshot({ path: '/tmp/formats-bookinglist-1280.png' });
  await admin.close();
});

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test(`a day is picked from a month written out, at ${width} px`, async ({ page, request, consoleErrors }) => {
    await page.setViewportSize({ width, height });
    const provider = await signInDemoProvider(request);
    const customer = await createMemberSession(request, 'Pia Picker');
    const { date } = await telltaleSlot(request, provider.user._id, 40);
    await signInMember(page, customer);
    const dialog = await openBookingDialog(page, { _id: provider.user._id, name: provider.user.name });

    const button = dialog.getByRole('button', { name: /^Select date / });
    await expect(button).toHaveText('Choose a day');
    await button.click();
    const calendar = dialog.getByRole('dialog', { name: 'Select date: calendar' });
    await expect(calendar.getByText(dayjs().format('MMMM YYYY'), { exact: true })).toBeVisible();
    const box = (await calendar.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await expectAccessible(page);
    await page.screenshot({ path: `/tmp/formats-picker-${width}.png` });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();

    await pickDay(dialog, 'Select date', date);
    await expect(button).toHaveText(dayjs(date).format('ddd, MMM D, YYYY'));
    await expect(dialog.getByRole('group', { name: 'Select time' }).getByRole('radio').first()).toBeVisible();
    await page.screenshot({ path: `/tmp/formats-picked-${width}.png` });
    expect(consoleErrors).toEqual([]);
  });
}
