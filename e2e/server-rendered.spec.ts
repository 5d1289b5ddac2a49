// The public pages come from the server drawn: with JavaScript off, each carries its main content
// (the catalogue, search results, a service's providers, a provider, the texts, the sign-in form);
// with it on, the app takes the markup over without asking for the same reads again and without a
// hydration error, and the forms send only once the app has taken over. Only reads.
import type { APIRequestContext } from '@playwright/test';
import { expect, scriptlessPage, searchBox, test } from './fixtures.js';

async function data<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

test('without JavaScript every public page carries its main content', async ({ browser, request }) => {
  const services = await data<{ _id: string; title: string }[]>(request, '/v1/services/servicelisting');
  const plumbing = services.find((service) => service.title === 'Plumbing')!;
  const found = await data<{ user_id: { name: string } }[]>(request, '/v1/services/search?text=plumb');
  const page = await scriptlessPage(browser);
  const main = page.locator('main');

  for (const path of ['/', '/Home']) {
    expect((await page.goto(path))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home services on demand');
    const catalogue = page.getByRole('region', { name: 'Services' });
    for (const service of services) await expect(catalogue.getByRole('link', { name: service.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Best Offers' })).toBeVisible();
  }

  await page.goto('/Search?q=plumb');
  await expect(main.getByText(found[0]!.user_id.name).first()).toBeVisible();
  await expect(page).toHaveTitle('Services · Doorstep');

  await page.goto(`/Services_booking?service=${plumbing._id}`);
  await expect(page.getByRole('heading', { name: 'Providers of Plumbing' })).toBeVisible();
  await expect(main.getByRole('article').first()).toBeVisible();

  await page.goto('/providers/priya-raman-austin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Priya Raman');
  await expect(main.getByRole('img', { name: /^Rated \d\.\d out of 5$/ }).first()).toBeVisible();

  await page.goto('/services/appliance-repair/austin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Appliance Repair in Austin');
  await expect(main.getByText('Priya Raman')).toBeVisible();

  const texts: [string, string][] = [
    ['/AboutUs', 'About Us'],
    ['/ContactUs', 'Contact Us'],
    ['/faq', 'Frequently Asked Questions'],
    ['/Faqs', 'Frequently Asked Questions'],
    ['/Privacy_Policy', 'Privacy Policy'],
    ['/terms_conditions', 'Terms & Conditions'],
  ];
  for (const [path, heading] of texts) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    // Each page names itself in the head, for a crawler or a tab without the app.
    await expect(page).toHaveTitle(`${heading} · Doorstep`);
  }
  const terms = await data<{ about: string }>(request, '/v1/services/termsCondition');
  await expect(main).toContainText(terms.about.split('\n')[0]!.slice(0, 80));
  const faqs = await data<{ title: string }[]>(request, '/v1/services/faq');
  await page.goto('/Faqs');
  await expect(main.getByText(faqs[0]!.title)).toBeVisible();

  // The forms are there, but only the app sends them: never the browser, with the phone in the URL.
  await page.goto('/userlogin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Login' })).toBeDisabled();
  await page.goto('/usersignup');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Register');

  const missing = await page.goto('/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page).toHaveTitle('Page not found · Doorstep');
  await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex');
  // A signed-in screen is drawn by the app alone.
  await page.goto('/Ongoing');
  await expect(page.locator('#root')).toBeEmpty();
  await page.context().close();
});

test('the app takes a drawn page over without asking again or an error, and its forms then work', async ({
  page,
  consoleErrors,
}) => {
  const reads: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/v1/')) reads.push(new URL(req.url()).pathname);
  });
  for (const path of ['/', '/providers/priya-raman-austin', '/services/appliance-repair/austin', '/Faqs']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // The catalogue, the provider, the city's providers and the FAQ came with their pages.
  expect(reads.filter((path) => !path.startsWith('/v1/live'))).toEqual([]);

  await page.goto('/userlogin');
  const login = page.getByRole('main').getByRole('button', { name: 'Login' });
  await expect(login).toBeEnabled();
  await login.click();
  await expect(page.getByText('Phone no. is required')).toBeVisible();
  await expect(page).toHaveURL(/\/userlogin$/);

  // The home page's search box, typed into, goes to /Search as before.
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search services' }).pressSequentially('pl');
  await expect(page).toHaveURL(/\/Search\?q=pl/);
  expect(consoleErrors).toEqual([]);
});

test('a public page answers at its own address, without what it does not read; a screen the app draws keeps its query', async ({
  page,
  consoleErrors,
}) => {
  // A tracking parameter and a repeated one are dropped by a redirect; the search stays.
  const answer = await page.goto('/Search?utm_source=news&q=plumb&q=drain');
  expect(answer?.request().redirectedFrom()?.url()).toContain('utm_source=news');
  await expect(page).toHaveURL(/\/Search\?q=plumb$/);
  await expect(searchBox(page)).toHaveValue('plumb');

  await page.goto('/verify-account?email=ann%40example.com&utm_source=news');
  await expect(page).toHaveURL(/\/verify-account\?email=ann%40example\.com&utm_source=news$/);
  await expect(page.getByText('We sent a code to')).toContainText('ann@example.com');
  expect(consoleErrors).toEqual([]);
});
