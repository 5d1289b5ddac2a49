// A booking moved to another time lists each move in its page's timeline, at 1280 and 390 px:
// from and to (the provider's local date and time), when, and by whom; the move stands for the
// request it made again of the accepted booking, and is the step the booking is at.
import {
  auth,
  bookByApi,
  createMemberSession,
  expect,
  expectAccessible,
  freeSlot,
  signInDemoProvider,
  signInMember,
  test,
} from './fixtures.js';
import { clockTime, dayMonthYear } from './formats.js';

for (const [index, viewport] of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
].entries())
  test(`at ${viewport.width} px: each reschedule is in the booking's timeline, from and to, when, by whom`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    await page.setViewportSize(viewport);
    const customer = await createMemberSession(request, `Rosa Mover ${viewport.width}`);
    const provider = await signInDemoProvider(request);
    const id = await bookByApi(request, customer, provider.user._id, {
      from: 50 + 6 * index,
      phone: customer.phone,
      address: '7 Rainey St, Austin, TX 78701',
      description: 'Paint the fence.',
    });
    const before = (await (await request.get(`/v1/bookings/${id}`, { headers: auth(customer.token) })).json()) as {
      data: { date: string; time: string; durationMinutes: number };
    };
    expect((await request.post(`/v1/provider/jobs/${id}/accept`, { headers: auth(provider.token) })).ok()).toBe(true);
    // Moved to a free time a few days later (the Reschedule dialog's own journey is reschedule.spec).
    const to = await freeSlot(request, provider.user._id, 53 + 6 * index, before.data.durationMinutes);
    const moved = await request.post('/v1/services/reschedulebooking', {
      headers: auth(customer.token),
      data: { id, ...to },
    });
    expect(moved.ok(), await moved.text()).toBe(true);

    await signInMember(page, customer);
    await page.goto(`/bookings/${id}`);
    const timeline = page.getByRole('region', { name: 'Status' });
    await expect(timeline.getByRole('listitem')).toHaveText([
      /^Requested/,
      /^Accepted/,
      new RegExp(
        `^Rescheduled.*From ${dayMonthYear(before.data.date)}, ${clockTime(before.data.time)} to ${dayMonthYear(to.date)}, ${clockTime(to.time)}, by Rosa Mover ${viewport.width}$`,
      ),
      /^Accepted\s*Not yet/,
      /^Completed\s*Not yet/,
    ]);
    await expect(timeline.getByRole('listitem').nth(2)).toHaveAttribute('aria-current', 'step');
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: test.info().outputPath(`rescheduled-${viewport.width}.png`), fullPage: true });

    // Tidy up: the demo provider's calendar stays free for other journeys.
    expect((await request.get(`/v1/services/deletebooking/${id}`, { headers: auth(customer.token) })).ok()).toBe(true);
    expect(consoleErrors).toEqual([]);
  });
