// A request the provider never answers expires. The seed has one: the demo customer asked Luis
// Herrera to paint 13 hours ago and he never answered, so the first sweep after start-up expires
// it. The customer sees it Expired in /History and is told in /Notifications, whose link opens the
// provider's dialog, where the freed time can be booked again; the provider finds it in Past.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  auth,
  expect,
  expectAccessible,
  signInAdmin,
  signInByPhone,
  signInMember,
  test,
  type MemberSession,
  pickDay,
} from './fixtures.js';
import { clockTime, dayMonthYear } from './formats.js';

const demoPhone = '5550000001';
const providerPhone = '5125550145';
const providerName = 'Luis Herrera';

interface Booking {
  _id: string;
  date: string;
  time: string;
  status: string;
  bookedto: { _id: string; name: string };
}

/** The seeded request, once the start-up sweep has expired it (it runs while the first pages load). */
async function expiredRequest(request: APIRequestContext, customer: MemberSession): Promise<Booking> {
  let found: Booking | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/v1/services/previousBookingList/${customer.user._id}?limit=50`, {
        headers: auth(customer.token),
      });
      const body = (await response.json()) as { data: Booking[] };
      found = body.data.find((b) => b.status === 'expired' && b.bookedto.name === providerName);
      return Boolean(found);
    })
    .toBe(true);
  if (!found) throw new Error('no expired request');
  return found;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('the customer sees the unanswered request Expired, is told, and books another time with the provider', async ({
  page,
  request,
  consoleErrors,
}) => {
  const customer = await signInByPhone(request, demoPhone);
  const booking = await expiredRequest(request, customer);
  await signInMember(page, customer);

  // /Ongoing no longer has it; /History has it, Expired, with a way to book again.
  await page.goto('/Ongoing');
  await expect(page.getByRole('heading', { level: 1, name: 'Ongoing Booking' })).toBeVisible();
  await expect(page.getByRole('article', { name: providerName })).toHaveCount(0);
  await page.goto('/History');
  const card = page.getByRole('article', { name: providerName }).filter({ hasText: 'Expired' });
  await expect(card).toHaveCount(1);
  await expect(card.getByText(dayMonthYear(booking.date))).toBeVisible();
  await expect(card.getByText(clockTime(booking.time))).toBeVisible();
  await expect(card.getByRole('link', { name: 'Book another time' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'history-1280');

  // The notification says what happened and links to the provider.
  await page.goto('/Notifications');
  const notice = page
    .getByRole('listitem')
    .filter({ hasText: `${providerName} did not answer your request for ${dayMonthYear(booking.date)}` });
  await expect(notice).toContainText(
    `at ${clockTime(booking.time)} in time, so it expired. You can book another time.`,
  );
  await expectAccessible(page);
  await shot(page, 'notifications-1280');
  await notice.getByRole('link', { name: 'Book another time' }).click();

  // The provider's dialog opens; the time that expired is free again and can be booked.
  await expect(page).toHaveURL(new RegExp(`/Services_booking\\?.*provider=${booking.bookedto._id}`));
  await page.getByRole('button', { name: 'Book now' }).click();
  const dialog = page.getByRole('dialog', { name: `Book ${providerName}` });
  await expect(dialog).toBeVisible();
  await pickDay(dialog, 'Select date', booking.date);
  const time = dialog.getByRole('radio', { name: clockTime(booking.time), exact: true });
  await expect(time).toBeVisible();
  await time.check();
  await dialog.getByLabel('Phone number').fill('5550000001');
  await dialog.getByRole('combobox', { name: 'Location' }).fill('500 E 6th St, Austin, TX 78701');
  await dialog.getByLabel('Description').fill('Paint the living room walls.');
  await shot(page, 'rebook-1280');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Booking Successfully')).toBeVisible();

  await page.goto('/Ongoing');
  await expect(
    page.getByRole('article', { name: providerName }).filter({ hasText: dayMonthYear(booking.date) }),
  ).toContainText('Requested');
  expect(consoleErrors).toEqual([]);
});

test('the provider finds the expired request under Past, and was told', async ({ page, request }) => {
  const customer = await signInByPhone(request, demoPhone);
  const booking = await expiredRequest(request, customer);
  const provider = await signInByPhone(request, providerPhone);
  await signInMember(page, provider);

  await page.goto('/provider/jobs?tab=past');
  const job = page
    .getByRole('article', { name: 'Demo Customer' })
    .filter({ hasText: dayMonthYear(booking.date) })
    .filter({ hasText: 'Expired' });
  await expect(job).toHaveCount(1);
  await expect(job.getByRole('button')).toHaveCount(0);
  await shot(page, 'jobs-past-1280');

  await page.goto('/Notifications');
  await expect(
    page.getByRole('listitem').filter({
      hasText: `A request expired: Demo Customer’s booking for ${dayMonthYear(booking.date)} at ${clockTime(booking.time)} was not answered in time.`,
    }),
  ).toHaveCount(1);
});

test('the admin’s Booking List shows it Expired and filters by status', async ({ page, request }) => {
  const customer = await signInByPhone(request, demoPhone);
  const booking = await expiredRequest(request, customer);
  await signInAdmin(page, request);
  await page.goto('/bookinglist');
  const table = page.getByRole('table', { name: 'Booking List' });
  await page.getByLabel('Status', { exact: true }).selectOption('expired');
  await expect(page).toHaveURL(/status=expired/);
  const row = table.getByRole('row').filter({ hasText: providerName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Demo Customer');
  await expect(row).toContainText(booking.time);
  await expect(row).toContainText('Expired');
  // Only expired bookings are left: the header row and this one.
  await expect(table.getByRole('row')).toHaveCount(2);
  await expectAccessible(page);
  await shot(page, 'bookinglist-expired-1280');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('/History and /Notifications fit a narrow screen', async ({ page, request }) => {
    const customer = await signInByPhone(request, demoPhone);
    await expiredRequest(request, customer);
    await signInMember(page, customer);
    for (const path of ['/History', '/Notifications']) {
      await page.goto(path);
      await expect(page.getByRole('link', { name: 'Book another time' }).first()).toBeVisible();
      const width = await page.evaluate(() => document.querySelector('main')?.scrollWidth ?? 0);
      expect(width, path).toBeLessThanOrEqual(390);
      await shot(page, `${path.slice(1).toLowerCase()}-390`);
    }
  });
});
