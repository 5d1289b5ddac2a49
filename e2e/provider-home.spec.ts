// A provider's home and calendar, as a provider meets them: Grace Okafor (seeded, in New York; no
// other journey books her) gets a request from a customer, signs in by phone at /userlogin and
// lands on her home, /provider. The figures at a glance lead to their pages; the request shows who
// asks, when and how long is left to answer it before it expires. She accepts it there: it leaves
// the requests and waits under Upcoming in her jobs. Her calendar's week shows it; she blocks the
// next afternoon, and a customer no longer gets those times, until she removes the block. The home
// and the calendar pass axe at 1280 and 390 px (a phone gets the day view).
import {
  auth,
  bookByApi,
  checkBothWidths,
  createMemberSession,
  expect,
  freeTimes,
  lastCode,
  providerNamed,
  test,
  pickDay,
} from './fixtures.js';
import { clockTime, dayjs } from './formats.js';

const gracePhone = '7185550163';

// Her browser keeps her city's clock, as a New York provider's does: the calendar opens on her
// today, which is not the machine's (UTC) between 7 PM and midnight in New York.
test.use({ timezoneId: 'America/New_York' });

test('a provider lands on its home after signing in, sees a request with the time left to answer it, and accepts it there', async ({
  page,
  request,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(120_000);
  const grace = await providerNamed(request, 'Grace Okafor');
  const customer = await createMemberSession(request, `Hugo Home ${Date.now() % 100000}`);
  const bookingId = await bookByApi(request, customer, grace._id, {
    from: 3 + testInfo.repeatEachIndex,
    phone: '7185550199',
    address: '31-18 Broadway, Astoria, NY 11106',
    description: 'Weekly clean of a studio.',
  });

  await page.goto('/userlogin');
  await page.getByLabel('Phone number').fill(gracePhone);
  await page.getByRole('button', { name: 'Login' }).click();
  // The code is read once it was sent: the code page opens after the send.
  await expect(page).toHaveURL(/\/loginotp$/);
  await page.getByLabel(/6-digit code/).fill(await lastCode(request, gracePhone));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/provider$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your work' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
  // A provider at work chooses no location to book in.
  await expect(page.getByRole('banner').getByRole('button', { name: /location/i })).toHaveCount(0);

  // At a glance, each figure a link to its page.
  await expect(page.getByRole('link', { name: /^Requests to answer\s*\d+/ })).toHaveAttribute('href', '/provider/jobs');
  await expect(page.getByRole('link', { name: /^Earned this month\s*\$/ })).toHaveAttribute(
    'href',
    '/provider/earnings',
  );
  await expect(page.getByRole('link', { name: /^Unread messages\s*\d+/ })).toHaveAttribute('href', '/Messages_new');
  await expect(page.getByRole('link', { name: /^Profile\s*Active/ })).toHaveAttribute('href', '/provider/profile');

  // The request, with the time left to answer it (12 hours from now at most).
  const requests = page.getByRole('region', { name: 'Requests to answer' });
  const card = requests.getByRole('article', { name: customer.user.name });
  await expect(card).toBeVisible();
  await expect(card.getByText(/^Expires in (1[01] h|\d+ h \d+ min|\d+ min)/)).toBeVisible();
  await expect(card.getByText('Weekly clean of a studio.')).toBeVisible();
  await checkBothWidths(page, 'provider-home', (file) => testInfo.outputPath(file));

  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Booking accepted')).toBeVisible();
  await expect(card).toHaveCount(0);

  await page.getByRole('link', { name: 'Jobs', exact: true }).click();
  await page.getByRole('tab', { name: /^Upcoming/ }).click();
  await expect(page.getByRole('article', { name: customer.user.name })).toBeVisible();

  // The calendar's week: stepped forward to the job's week, the job opens its booking.
  const booking = (
    (await (await request.get(`/v1/bookings/${bookingId}`, { headers: auth(customer.token) })).json()) as {
      data: { date: string; time: string };
    }
  ).data;
  await page.getByRole('link', { name: 'Calendar', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Week', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const sunday = (date: string) => dayjs(date).subtract(dayjs(date).day(), 'day');
  const weeks = sunday(booking.date).diff(sunday(dayjs().tz('America/New_York').format('YYYY-MM-DD')), 'week');
  for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Next week' }).click();
  const bookedDay = page.getByRole('region', { name: new RegExp(dayjs(booking.date).format('ddd, MMM D')) });
  const job = bookedDay.getByRole('link', {
    name: new RegExp(`^${clockTime(booking.time)}.*Accepted: .*${customer.user.name}`),
  });
  await expect(job).toHaveAttribute('href', `/bookings/${bookingId}`);
  await checkBothWidths(page, 'provider-calendar', (file) => testInfo.outputPath(file));

  // Block the afternoon of the next day (of the one before, if the job is on the week's last day):
  // its times leave the customers' slots at once.
  const nextDay = dayjs(booking.date)
    .add(dayjs(booking.date).day() === 6 ? -1 : 1, 'day')
    .format('YYYY-MM-DD');
  const afternoon = ['12:00', '13:00', '14:00', '15:00', '16:00'];
  expect((await freeTimes(request, grace._id, nextDay)).filter((t) => afternoon.includes(t)).length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Block time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block time' });
  await pickDay(dialog, 'Date', nextDay);
  await dialog.getByLabel('From').selectOption('12:00');
  await dialog.getByLabel('To').selectOption('17:00');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText('Time blocked')).toBeVisible();
  const blockedDay = page.getByRole('region', { name: new RegExp(dayjs(nextDay).format('ddd, MMM D')) });
  await expect(blockedDay.getByText('Blocked')).toBeVisible();
  expect((await freeTimes(request, grace._id, nextDay)).filter((t) => afternoon.includes(t))).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('provider-calendar-blocked-1280.png'), fullPage: true });

  // Removed after a question, the times are free again.
  await blockedDay.getByRole('button', { name: /^Remove the block/ }).click();
  await page.getByRole('dialog', { name: 'Remove block' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Block removed')).toBeVisible();
  await expect(blockedDay.getByText('Blocked')).toHaveCount(0);
  expect((await freeTimes(request, grace._id, nextDay)).filter((t) => afternoon.includes(t)).length).toBeGreaterThan(0);
  expect(consoleErrors).toEqual([]);
});
