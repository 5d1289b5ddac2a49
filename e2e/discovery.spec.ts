// Finding a provider the way Urban Company or Thumbtack users do: choose where (a city, a place or
// the browser's own position), narrow by price, rating and a free day, order the list, read the
// distance and the next free slot on each card, and book that slot, signing in on the way. Every
// state is checked with axe at a desktop and a phone width.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  auth,
  createMemberSession,
  expect,
  expectAccessible,
  lastCode,
  searchBox,
  signInAdmin,
  signInDemoProvider,
  signInMember,
  test,
} from './fixtures.js';
import { clockTime, dayjs } from './formats.js';

const demoCustomerPhone = '5550000001';
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
/** A point in Dallas (Deep Ellum), about 2 km from the city's centre. */
const dallasPoint = { latitude: 32.7847, longitude: -96.7826 };
/** A card's next free slot as it reads: 'Today 3:00 PM', 'Tomorrow 10:00 AM', 'Fri, Nov 28, 9:00 AM'. */
const slotText = /^(Today|Tomorrow|[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2},) \d{1,2}:\d{2} [AP]M$/;

/** axe at the desktop width and at a phone's, then back to the desktop. */
async function expectAccessibleAtBothWidths(page: Page) {
  await expectAccessible(page);
  await page.setViewportSize(phone);
  await expectAccessible(page);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await page.setViewportSize(desktop);
}

const locationDialog = (page: Page) => page.getByRole('dialog', { name: 'Where do you need the service?' });
const headerLocation = (page: Page, label: string) =>
  page.getByRole('banner').getByRole('button', { name: `Location: ${label}` });
const resultCards = (page: Page) => page.getByRole('list', { name: /^Results for/ }).getByRole('listitem');

/**
 * What the cards show once the list has settled (not the last list kept on screen while the next
 * loads): each card's text, price in dollars, rating and distance, miles.
 */
async function readCards(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return await resultCards(page).evaluateAll((cards) =>
    cards.map((card) => {
      const text = card.textContent ?? '';
      const rated = card.querySelector('[role="img"][aria-label^="Rated"]')?.getAttribute('aria-label') ?? '';
      return {
        text,
        price: Number(/\$(\d+\.\d{2})/.exec(text)?.[1] ?? NaN),
        rating: Number(/Rated (\d\.\d)/.exec(rated)?.[1] ?? NaN),
        miles: Number(/(\d+\.\d) mi away/.exec(text)?.[1] ?? NaN),
      };
    }),
  );
}

const ascending = (values: number[]) => values.every((value, i) => i === 0 || values[i - 1]! <= value);

/**
 * The demo customer looks from nowhere in particular again (other files sign it in), with the
 * session the browser holds: each code sent to it counts against its budget.
 */
async function forgetLocation(page: Page, request: APIRequestContext) {
  const session = await page.evaluate(() => localStorage.getItem('doorstep.member'));
  const { token } = JSON.parse(session ?? '{}') as { token?: string };
  const response = await request.put('/v1/members/location', {
    headers: { authorization: `Bearer ${token}` },
    data: { location: null },
  });
  expect(response.ok()).toBe(true);
}

test('a visitor picks Dallas, searches “plumer”, filters, sorts by price and books the first next free slot after signing in', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // The journey needs a Dallas plumber at $60 or less rated 4 or better in the seed.
  const seeded = await request.get('/v1/services/search?text=plumer&city=dallas&maxPrice=60&minRating=4&limit=1');
  expect(seeded.ok()).toBe(true);
  expect(
    ((await seeded.json()) as { meta: { total: number } }).meta.total,
    'the seed needs an active Dallas plumber charging $60 or less with a rating of 4 or more',
  ).toBeGreaterThan(0);
  await page.setViewportSize(desktop);

  // ---------------------------------------------------------------- where: the home hero's button
  await page.goto('/');
  await page.getByRole('main').getByRole('button', { name: 'Choose your location' }).click();
  const dialog = locationDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Austin' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'New York City' })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Address or ZIP code' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Use my location' })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await dialog.getByRole('button', { name: 'Dallas' }).click();
  await expect(dialog).toBeHidden();
  await expect(headerLocation(page, 'Dallas')).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Choose your location · Dallas' })).toContainText(
    '· Dallas',
  );

  // ---------------------------------------------------------------- what: typed on, with suggestions
  await page.getByRole('main').getByRole('searchbox').press('p');
  await expect(page).toHaveURL(/\/Search\?/);
  await expect(searchBox(page)).toBeFocused();
  await searchBox(page).pressSequentially('lumer', { delay: 60 });
  await expect(searchBox(page)).toHaveValue('plumer');
  await expect(page).toHaveURL(/[?&]q=plumer(&|$)/);
  await expect(page).toHaveURL(/[?&]city=dallas(&|$)/);
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  expect(await suggestions.getByRole('option').count()).toBeLessThanOrEqual(8);
  await expect(suggestions.getByRole('option', { name: /Plumbing/ })).toBeVisible();
  await searchBox(page).press('ArrowDown');
  await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', /.+/);
  await searchBox(page).press('Escape');
  await expect(suggestions).toBeHidden();
  await expect(searchBox(page)).toHaveValue('plumer');
  await expect(page.getByText(/providers? · Results for “plumer” · near Dallas$/)).toBeVisible();

  // ---------------------------------------------------------------- filters and order, in the URL
  await page.getByLabel('Highest price').fill('60');
  await expect(page).toHaveURL(/[?&]maxPrice=60(&|$)/);
  await page.getByRole('combobox', { name: 'Rating', exact: true }).selectOption({ label: '4+ stars' });
  await expect(page).toHaveURL(/[?&]minRating=4(&|$)/);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/[?&]sort=price(&|$)/);
  await expect(page.getByRole('button', { name: 'Filters (3)', includeHidden: true })).toBeAttached();

  const cards = resultCards(page);
  await expect(page.getByText(/providers? · Results for “plumer” · near Dallas$/)).toBeVisible();
  // Every card within the filters, in Dallas with its distance, cheapest first.
  await expect
    .poll(async () => {
      const facts = await readCards(page);
      return (
        facts.length > 0 &&
        facts.every((f) => f.price <= 60 && f.rating >= 4 && f.text.includes('Dallas') && f.miles >= 0) &&
        ascending(facts.map((f) => f.price))
      );
    })
    .toBe(true);
  const first = cards.first();
  await expect(first.getByText('Next free slot')).toBeVisible();
  const slotLink = first.getByRole('link', { name: slotText });
  await expect(slotLink).toBeVisible();
  const slotLabel = (await slotLink.textContent())!.trim();
  const providerName = (await first.locator('.card-title').textContent())!.trim();

  // A reload and a shared link show the same list.
  const listUrl = page.url();
  await page.reload();
  await expect(searchBox(page)).toHaveValue('plumer');
  await expect(page.getByLabel('Highest price')).toHaveValue('60');
  await expect(resultCards(page).first()).toContainText(providerName);
  await expectAccessibleAtBothWidths(page);

  // The phone's folded panel: the Filters button opens it.
  await page.setViewportSize(phone);
  const toggle = page.getByRole('button', { name: 'Filters (3)' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Highest price')).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('Highest price')).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize(desktop);

  // ---------------------------------------------------------------- the next free slot: sign in, come back
  await resultCards(page).first().getByRole('link', { name: slotText }).click();
  await expect(page).toHaveURL(/\/userlogin$/);
  await page.getByLabel('Phone number').fill(demoCustomerPhone);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/loginotp$/);
  await page.getByLabel(/6-digit code/).fill(await lastCode(request, demoCustomerPhone));
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL(/\/Search\?.*provider=[0-9a-f-]{36}.*&slot=\d{4}-\d{2}-\d{2}T\d{2}%3A\d{2}/);
  const slot = new URL(page.url()).searchParams.get('slot')!;
  const [date, time] = slot.split('T') as [string, string];
  const booking = page.getByRole('dialog', { name: `Book ${providerName}` });
  await expect(booking).toBeVisible();
  await expect(booking.getByRole('button', { name: /^Select date / })).toHaveText(
    dayjs(date).format('ddd, MMM D, YYYY'),
  );
  await expect(booking.getByRole('radio', { name: clockTime(time), exact: true })).toBeChecked();
  expect(slotLabel).toContain(clockTime(time));
  // The filters are still there behind the dialog.
  expect(page.url()).toContain(new URL(listUrl).search.slice(1));
  await expectAccessibleAtBothWidths(page);
  await booking.getByRole('button', { name: 'Close' }).click();
  await expect(booking).toBeHidden();
  await expect(page).not.toHaveURL(/slot=/);
  await expect(resultCards(page).first()).toBeVisible();

  // Signed in, the choice made before was saved for the member; forgotten again for the other files.
  await expect
    .poll(async () => {
      const session = JSON.parse((await page.evaluate(() => localStorage.getItem('doorstep.member'))) ?? '{}');
      const me = await request.get('/v1/auth/me', { headers: { authorization: `Bearer ${session.token}` } });
      return ((await me.json()) as { data: { location?: { label: string } | null } }).data.location?.label;
    })
    .toBe('Dallas');
  await forgetLocation(page, request);
  expect(consoleErrors).toEqual([]);
});

test('“Use my location” with the permission granted measures from the browser’s position', async ({
  page,
  context,
  consoleErrors,
}) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(dallasPoint);
  // The position takes a moment to come, as on a phone: the dialog says it is finding it until
  // the test lets the position through.
  await page.addInitScript(() => {
    const geolocation = navigator.geolocation;
    const ask = geolocation.getCurrentPosition.bind(geolocation);
    geolocation.getCurrentPosition = (...args) => {
      (window as unknown as { givePosition: () => void }).givePosition = () => ask(...args);
    };
  });
  await page.setViewportSize(desktop);
  await page.goto('/Search');
  await page.getByRole('banner').getByRole('button', { name: 'Choose your location' }).click();
  const dialog = locationDialog(page);
  await dialog.getByRole('button', { name: 'Use my location' }).click();
  await expect(dialog.getByText('Finding your location…')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Use my location' })).toBeDisabled();
  await page.evaluate(() => (window as unknown as { givePosition: () => void }).givePosition());
  await expect(dialog).toBeHidden();
  await expect(headerLocation(page, 'My location')).toBeVisible();
  await expect(headerLocation(page, 'My location')).toContainText('My location');
  await expect(page).toHaveURL(/[?&]lat=32\.78\d*&lng=-96\.78\d*&near=My\+location/);

  // Distances appear, and the nearest can come first.
  await expect(resultCards(page).first()).toContainText(/\d+\.\d mi away/);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Distance' });
  await expect(page).toHaveURL(/[?&]sort=distance(&|$)/);
  // Miles, in a US-only product: 10 miles is searched as 16 km.
  await page.getByRole('combobox', { name: 'Distance' }).selectOption({ label: 'Within 10 mi' });
  await expect(page).toHaveURL(/[?&]radiusKm=16(&|$)/);
  await expect
    .poll(async () => {
      const distances = (await readCards(page)).map((f) => f.miles);
      return distances.length > 0 && distances.every((miles) => miles <= 10) && ascending(distances);
    })
    .toBe(true);
  await expectAccessibleAtBothWidths(page);

  // Kept in this browser: another page shows it too.
  await page.goto('/');
  await expect(headerLocation(page, 'My location')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('“Use my location” refused: the dialog says so and a city can still be chosen', async ({
  page,
  consoleErrors,
}) => {
  // No permission granted: the browser refuses the position.
  await page.setViewportSize(desktop);
  await page.goto('/Search?q=clean');
  await page.getByRole('banner').getByRole('button', { name: 'Choose your location' }).click();
  const dialog = locationDialog(page);
  await dialog.getByRole('button', { name: 'Use my location' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'We could not use your location because the permission was refused. Choose a city or type an address instead.',
  );
  await expect(dialog).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await dialog.getByRole('button', { name: 'Dallas' }).click();
  await expect(dialog).toBeHidden();
  await expect(headerLocation(page, 'Dallas')).toBeVisible();
  await expect(page).toHaveURL(/[?&]city=dallas(&|$)/);
  // Where the provider is based (its area, never the street) and how far.
  await expect(resultCards(page).first()).toContainText(/Dallas(, TX \d{5})? · \d+\.\d mi away/);
  // 'Anywhere' forgets it.
  await headerLocation(page, 'Dallas').click();
  await locationDialog(page).getByRole('button', { name: 'Anywhere' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Choose your location' })).toBeVisible();
  await expect(page).not.toHaveURL(/city=/);
  expect(consoleErrors).toEqual([]);
});

test('a signed-in member’s location is saved and follows them to another browser', async ({
  page,
  request,
  browser,
  consoleErrors,
}) => {
  const member = await createMemberSession(request, 'Lou Location');
  await signInMember(page, member);
  await page.setViewportSize(desktop);
  await page.goto('/Home_new');
  const saved = page.waitForResponse((r) => r.url().endsWith('/v1/members/location') && r.request().method() === 'PUT');
  await page.getByRole('banner').getByRole('button', { name: 'Choose your location' }).click();
  await locationDialog(page).getByRole('button', { name: 'New York City' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(headerLocation(page, 'New York City')).toBeVisible();

  // Another browser, nothing stored there: /auth/me brings it back.
  const other = await browser.newContext({ viewport: desktop });
  const again = await other.newPage();
  await signInMember(again, member);
  await again.goto('/Search?q=clean');
  await expect(headerLocation(again, 'New York City')).toBeVisible();
  await expect(again).toHaveURL(/[?&]city=nyc(&|$)/);
  await expect(resultCards(again).first()).toContainText(/New York|, NY \d{5}/);
  await other.close();
  expect(consoleErrors).toEqual([]);
});

test('an address or ZIP code is found in the location dialog; a service suggestion keeps the filters', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(desktop);
  await page.goto('/Search?q=plu&minRating=4');
  await page.getByRole('banner').getByRole('button', { name: 'Choose your location' }).click();
  const dialog = locationDialog(page);
  const place = dialog.getByRole('combobox', { name: 'Address or ZIP code' });
  await place.pressSequentially('752', { delay: 50 });
  const places = dialog.getByRole('listbox', { name: 'Places' });
  await expect(places.getByRole('option').first()).toBeVisible();
  await expectAccessible(page);
  await place.press('ArrowDown');
  const picked = (await places.getByRole('option').first().textContent())!.trim();
  await place.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(headerLocation(page, picked)).toBeAttached();
  await expect(page).toHaveURL(/[?&]lat=[-\d.]+&lng=[-\d.]+&near=/);

  // A service suggestion opens its providers with the same place and filters.
  await searchBox(page).press('End');
  await searchBox(page).pressSequentially('mb', { delay: 60 });
  await expect(searchBox(page)).toHaveValue('plumb');
  const option = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: /Plumbing/ });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(/\/Services_booking\?service=[0-9a-f-]{36}/);
  await expect(page).toHaveURL(/[?&]minRating=4(&|$)/);
  await expect(page).toHaveURL(/[?&]near=/);
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(page.getByRole('heading', { name: 'Providers of Plumbing' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Rating', exact: true })).toHaveValue('4');
  await expectAccessibleAtBothWidths(page);
  expect(consoleErrors).toEqual([]);
});

test('more than 1,000 matches read “1,000+ providers”', async ({ page }) => {
  // The seed is far smaller: the answer is the server's for a very large catalogue.
  await page.route('**/v1/services/search?**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { meta: { total: number; more?: boolean } };
    body.meta = { ...body.meta, total: 1000, more: true };
    await route.fulfill({ response, json: body });
  });
  // /Search?q=a would come drawn with the server's own answer: the browser asks, from the home page's box.
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search services' }).pressSequentially('a');
  await expect(page).toHaveURL(/\/Search\?q=a$/);
  await expect(page.getByText(/^1,000\+ providers · Results for “a”$/)).toBeVisible();
});

test('a provider sets its service area; the admin sees it', async ({ page, request, browser }) => {
  const provider = await signInDemoProvider(request);
  await signInMember(page, provider);
  await page.setViewportSize(desktop);
  await page.goto('/provider/profile');
  const original = (
    (await (await request.get('/v1/provider/profile', { headers: auth(provider.token) })).json()) as {
      data: { services: string[]; charges: number; city: string; address: string; about: string; radiusKm: number };
    }
  ).data;
  const radius = page.getByLabel('Service area (miles from your address)');
  // The km saved, as whole miles: 25 km reads 16.
  await expect(radius).toHaveValue(String(Math.round(original.radiusKm / 1.609344)));
  const charges = await page.getByLabel('Charges ($)').inputValue();
  expect(Number(charges)).toBeGreaterThan(0);
  await radius.fill('51');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The service area must be a whole number of miles from 1 to 50')).toBeVisible();
  await radius.fill('25');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Service area (miles from your address)')).toHaveValue('25');
  // Stored in km: 25 miles is 40.2 km, kept as 40.
  const stored = await request.get('/v1/provider/profile', { headers: auth(provider.token) });
  expect(((await stored.json()) as { data: { radiusKm: number } }).data.radiusKm).toBe(40);
  // Saving twice keeps the charges as they were (they once grew a hundredfold per save).
  await expect(page.getByLabel('Charges ($)')).toHaveValue(charges);
  await expectAccessibleAtBothWidths(page);

  const admin = await browser.newPage();
  await signInAdmin(admin, request);
  await admin.goto(`/vendorDetail?id=${provider.user._id}`);
  await expect(admin.getByText('25 mi from their address')).toBeVisible();
  await expectAccessible(admin);
  await admin.close();

  // Back as it was, for the other files: the km saved, which whole miles may not give back.
  const restored = await request.put('/v1/provider/profile', {
    headers: auth(provider.token),
    data: { ...original, charges: (original.charges / 100).toFixed(2) },
  });
  expect(restored.ok(), await restored.text()).toBe(true);
});
