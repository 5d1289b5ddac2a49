// A provider's home, as a provider meets it: Grace Okafor (seeded, in New York; no other journey
// books her) gets a request from a customer, signs in by phone at /userlogin and lands on her home,
// /provider. The figures at a glance lead to their pages; the request shows who asks, when and how
// long is left to answer it before it expires. She accepts it there: it leaves the requests and
// waits under Upcoming in her jobs. The home passes axe at 1280 and 390 px.
import { bookByApi, checkBothWidths, createMemberSession, expect, lastCode, providerNamed, test } from './fixtures.js';

const gracePhone = '7185550163';

test('a provider lands on its home after signing in, sees a request with the time left to answer it, and accepts it there', async ({
  page,
  request,
  consoleErrors,
}, testInfo) => {
  const grace = await providerNamed(request, 'Grace Okafor');
  const customer = await createMemberSession(request, `Hugo Home ${Date.now() % 100000}`);
  await bookByApi(request, customer, grace._id, {
    from: 3 + testInfo.repeatEachIndex,
    phone: '7185550199',
    address: '31-18 Broadway, Astoria, NY 11106',
    description: 'Weekly clean of a studio.',
  });

  await page.goto('/userlogin');
  await page.getByLabel('Phone number').fill(gracePhone);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel(/6-digit code/).fill(await lastCode(request, gracePhone));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/provider$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your work' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');

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
  expect(consoleErrors).toEqual([]);
});
