// The pages search engines index and people share: a service's page in a city
// (/services/appliance-repair/austin) lists its providers best rated first, each card opening the
// provider's own page (/providers/priya-raman-austin) with its title and rating, the services in
// its city and 'Book now' (a visitor signs in first). Without JavaScript both pages still carry
// their title, description, canonical link and schema.org data from the server, and an unknown
// provider answers 404. Only reads: no journey here changes Priya Raman.
import { checkBothWidths, expect, scriptlessPage, test } from './fixtures.js';

interface PageProvider {
  name: string;
  rating: number;
  reviewCount: number;
}

const providerUrl = '/providers/priya-raman-austin';

async function priya(request: import('@playwright/test').APIRequestContext): Promise<PageProvider> {
  const res = await request.get('/v1/providers/page/priya-raman-austin');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: PageProvider }).data;
}

const titleOf = (p: PageProvider) =>
  `Priya Raman, Appliance Repair in Austin · ${p.rating.toFixed(1)} stars from ${p.reviewCount} ${p.reviewCount === 1 ? 'review' : 'reviews'} · Doorstep`;

test('a service’s page in a city lists its providers; a card opens the provider’s page, whose Book now asks a visitor to sign in', async ({
  page,
  request,
  consoleErrors,
}, testInfo) => {
  const provider = await priya(request);
  expect(provider.reviewCount).toBeGreaterThan(0);

  await page.goto('/services/appliance-repair/austin');
  await expect(page.getByRole('heading', { level: 1, name: 'Appliance Repair in Austin' })).toBeVisible();
  await expect(page).toHaveTitle('Appliance Repair in Austin · Doorstep');
  const card = page.getByRole('link', { name: /^Priya Raman/ });
  await expect(card).toBeVisible();
  await expect(page.getByRole('link', { name: 'Appliance Repair in Dallas' })).toHaveAttribute(
    'href',
    '/services/appliance-repair/dallas',
  );
  await checkBothWidths(page, 'category-city', (file) => testInfo.outputPath(file));

  await card.click();
  await expect(page).toHaveURL(new RegExp(`${providerUrl}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Priya Raman' })).toBeVisible();
  await expect(page).toHaveTitle(titleOf(provider));
  await expect(page.getByText(`(${provider.reviewCount} reviews)`)).toBeVisible();
  await expect(page.getByText('Appliance Repair in Austin', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'More appliance repair in Austin' })).toHaveAttribute(
    'href',
    '/services/appliance-repair/austin',
  );
  await checkBothWidths(page, 'provider-page', (file) => testInfo.outputPath(file));

  await page.getByRole('button', { name: 'Book now' }).click();
  await expect(page).toHaveURL(/\/userlogin$/i);
  expect(consoleErrors).toEqual([]);
});

test('without JavaScript the pages carry their head from the server; an unknown provider is a 404 not to index', async ({
  browser,
  request,
}) => {
  const provider = await priya(request);
  const page = await scriptlessPage(browser);

  const res = await page.goto(providerUrl);
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle(titleOf(provider));
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', new RegExp(`${providerUrl}$`));
  await expect(page.locator('meta[name=description]')).toHaveAttribute('content', /^Repairs washers, dryers/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http:\/\/127\.0\.0\.1:\d+\//);
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? 'null') as {
    aggregateRating: { ratingValue: number; reviewCount: number };
  };
  expect(data.aggregateRating).toMatchObject({ ratingValue: provider.rating, reviewCount: provider.reviewCount });

  const city = await page.goto('/services/appliance-repair/austin');
  expect(city?.status()).toBe(200);
  await expect(page).toHaveTitle('Appliance Repair in Austin · Doorstep');

  const unknown = await page.goto('/providers/nobody-austin');
  expect(unknown?.status()).toBe(404);
  await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex');
  // Said without the app too, not left loading.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page).toHaveTitle('Page not found · Doorstep');
  await expect(page.getByText('Loading…')).toHaveCount(0);

  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain('Sitemap: ');
  const sitemap = await request.get('/sitemaps/providers-1.xml');
  expect(await sitemap.text()).toContain(`${providerUrl}</loc>`);
  await page.context().close();
});
