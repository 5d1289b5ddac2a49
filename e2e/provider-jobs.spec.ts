// The provider's jobs on /provider/jobs: each tab but Past says how many jobs it holds, as the
// server counts them; an accepted job whose time has passed waits under To complete, never under
// Upcoming; a job links to the thread with its customer and to directions to its address (in a
// new tab); a declined job in Past shows neither the customer's phone nor street. Three customers
// book the demo provider through the API: one request stays open, one is declined, the other job
// is accepted and its time then passes (the development route). Both widths pass axe.
import type { APIRequestContext } from '@playwright/test';
import {
  auth,
  bookByApi,
  checkBothWidths,
  createMemberSession,
  expect,
  type MemberSession,
  signInDemoProvider,
  signInMember,
  test,
} from './fixtures.js';

/** A cash request of the provider's first priced service, made by the customer; its id. */
const book = (request: APIRequestContext, customer: MemberSession, providerId: string, from: number, address: string) =>
  bookByApi(request, customer, providerId, {
    from,
    phone: '5125550166',
    address,
    description: 'Regular clean of a one-bedroom flat.',
  });

test('the provider’s jobs: counted tabs, a passed job to complete and not upcoming, message and directions links', async ({
  page,
  request,
  consoleErrors,
}, testInfo) => {
  const provider = await signInDemoProvider(request);
  const suffix = Date.now() % 100000;
  const asker = await createMemberSession(request, `Rhea Request ${suffix}`);
  const passed = await createMemberSession(request, `Pat Passed ${suffix}`);
  const address = '64 Rainey St, Austin, TX 78701';
  await book(request, asker, provider.user._id, 80, address);
  const passedId = await book(request, passed, provider.user._id, 84, '90 Rainey St, Austin, TX 78701');
  const accepted = await request.post(`/v1/provider/jobs/${passedId}/accept`, { headers: auth(provider.token) });
  expect(accepted.ok()).toBe(true);
  const refused = await createMemberSession(request, `Dora Declined ${suffix}`);
  const refusedId = await book(request, refused, provider.user._id, 88, '70 Rainey St, Austin, TX 78701');
  expect((await request.post(`/v1/provider/jobs/${refusedId}/decline`, { headers: auth(provider.token) })).ok()).toBe(
    true,
  );
  // The job's time passes: the development route moves it whole weeks back.
  expect((await request.post(`/v1/dev/bookings/${passedId}/elapse`)).ok()).toBe(true);

  await signInMember(page, provider);
  await page.goto('/provider/jobs');
  await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();

  // The tabs read what the server counts. Other journeys change the demo provider's jobs
  // meanwhile, so read both again until they agree.
  await expect(async () => {
    const counts = (
      (await (await request.get('/v1/provider/jobs/counts', { headers: auth(provider.token) })).json()) as {
        data: { requested: number; upcoming: number; toComplete: number };
      }
    ).data;
    expect(counts.requested).toBeGreaterThanOrEqual(1);
    expect(counts.toComplete).toBeGreaterThanOrEqual(1);
    await page.reload();
    await expect(page.getByRole('tab')).toHaveText(
      [`Requests (${counts.requested})`, `Upcoming (${counts.upcoming})`, `To complete (${counts.toComplete})`, 'Past'],
      { timeout: 2_000 },
    );
  }).toPass();

  // A request: its booking, the thread with its customer and directions to its address.
  const request1 = page.getByRole('article', { name: asker.user.name });
  await expect(request1.getByRole('link', { name: 'View booking' })).toBeVisible();
  await expect(request1.getByRole('link', { name: `Message ${asker.user.name}` })).toHaveAttribute(
    'href',
    `/Messages_new?with=${asker.user._id}`,
  );
  const directions = request1.getByRole('link', { name: 'Directions (opens in a new tab)' });
  await expect(directions).toHaveAttribute(
    'href',
    `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`,
  );
  await expect(directions).toHaveAttribute('target', '_blank');
  await expect(directions).toHaveAttribute('rel', 'noopener noreferrer');

  // The accepted job whose time has passed is not upcoming: it waits under To complete.
  await page.getByRole('tab', { name: /^Upcoming/ }).click();
  await expect(page).toHaveURL(/tab=upcoming/);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('article', { name: passed.user.name })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark completed' })).toHaveCount(0);

  await page.getByRole('tab', { name: /^To complete/ }).click();
  await expect(page).toHaveURL(/tab=toComplete/);
  const done = page.getByRole('article', { name: passed.user.name });
  await expect(done.getByRole('button', { name: 'Mark completed' })).toBeVisible();
  await expect(done.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(done.getByRole('link', { name: `Message ${passed.user.name}` })).toBeVisible();
  await expect(done.getByRole('link', { name: 'Directions (opens in a new tab)' })).toHaveAttribute(
    'href',
    /destination=90%20Rainey%20St%2C%20Austin%2C%20TX%2078701$/,
  );
  await checkBothWidths(page, 'jobs-to-complete', (file) => testInfo.outputPath(file));

  // Mark completed asks first, saying what follows for a cash job; Cancel leaves it as it was.
  await done.getByRole('button', { name: 'Mark completed' }).click();
  const question = page.getByRole('dialog', { name: 'Mark job completed' });
  await expect(question).toContainText(
    `The customer pays you ${await done.getByText(/^\$\d+\.\d\d$/).textContent()} in cash and is asked to rate the job.`,
  );
  await checkBothWidths(page, 'jobs-complete-question', (file) => testInfo.outputPath(file));
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await page.reload();
  await expect(done.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(done.getByRole('button', { name: 'Mark completed' })).toBeVisible();

  // Marked completed, it leaves the tab for Past, where a closed job has no directions.
  await done.getByRole('button', { name: 'Mark completed' }).click();
  await question.getByRole('button', { name: 'Yes, mark it completed' }).click();
  await expect(page.getByText('Job marked completed')).toBeVisible();
  await expect(done).toHaveCount(0);
  await page.getByRole('tab', { name: 'Past' }).click();
  const closed = page.getByRole('article', { name: passed.user.name });
  await expect(closed.getByText('Completed', { exact: true })).toBeVisible();
  await expect(closed.getByRole('link', { name: `Message ${passed.user.name}` })).toBeVisible();
  await expect(closed.getByRole('link', { name: /Directions/ })).toHaveCount(0);
  // Just completed, the customer's phone is still there; a declined request keeps neither the
  // phone nor the street, only the area and why.
  await expect(closed.getByRole('link', { name: '5125550166' })).toHaveAttribute('href', 'tel:5125550166');
  const declined = page.getByRole('article', { name: refused.user.name });
  await expect(declined.getByText('Declined', { exact: true })).toBeVisible();
  await expect(declined.getByText('Hidden: this booking did not go ahead.')).toBeVisible();
  await expect(declined.getByText('Austin, TX 78701', { exact: true })).toBeVisible();
  await expect(declined.getByRole('link', { name: '5125550166' })).toHaveCount(0);
  await expect(declined.getByText('5125550166')).toHaveCount(0);
  await expect(declined.getByText(/Rainey St/)).toHaveCount(0);
  await checkBothWidths(page, 'jobs-past', (file) => testInfo.outputPath(file));

  // The message link opens the thread with the customer.
  await page.getByRole('tab', { name: /^Requests/ }).click();
  await request1.getByRole('link', { name: `Message ${asker.user.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/Messages_new\\?with=${asker.user._id}$`));
  await expect(page.getByText(asker.user.name).first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
