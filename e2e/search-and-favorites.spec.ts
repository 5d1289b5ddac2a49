// Finding a provider as a person does: search from the home box, open a provider's own page, read
// the real reviews, keep them as a favourite, see and remove them on /Favorites; every card and the
// provider dialog lead to that page; and booking as a visitor, who signs in and comes back to the
// same provider.
import {
  auth,
  createMemberSession,
  expect,
  expectAccessible,
  lastCode,
  providerNamed,
  searchBox,
  signInMember,
  test,
} from './fixtures.js';

/** 'Jun 1st 23' (MMM Do YY). */
const shortDate = /^[A-Z][a-z]{2} \d{1,2}(st|nd|rd|th) \d{2}$/;

test('search → provider → reviews → favourite twice → /Favorites → Remove', async ({
  page,
  request,
  consoleErrors,
}) => {
  const member = await createMemberSession(request, 'Fay Favourite');
  await signInMember(page, member);
  const records: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v1/services/searchrecord')) records.push(r.postData() ?? '');
  });

  // The home box goes to /Search at the first key press; the typing goes on there.
  await page.goto('/');
  await page.getByRole('searchbox').first().press('p');
  await expect(page).toHaveURL(/\/Search\?q=p$/);
  const box = searchBox(page);
  await expect(box).toBeFocused();
  await box.pressSequentially('lumbing', { delay: 80 });
  await expect(page).toHaveURL(/\/Search\?q=plumbing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  const jamal = page.getByRole('link', { name: /Jamal Washington/ });
  await expect(jamal).toBeVisible();
  await expect(jamal).toContainText(/\$95/);
  await expect(jamal).toContainText(/\(\d+ reviews?\)/);
  // Recorded once the typing paused, not per key press: eight key presses, one or two records
  // (the 'p' the home box passed may settle before the typing goes on), the last the whole word.
  await expect.poll(() => records.map((body) => JSON.parse(body).text as string).at(-1)).toBe('plumbing');
  const texts = records.map((body) => JSON.parse(body).text as string);
  expect(texts.length).toBeLessThanOrEqual(2);
  expect(texts.every((text) => 'plumbing'.startsWith(text))).toBe(true);
  // A reload keeps the search; a shorter one finds by prefix.
  await page.reload();
  await expect(searchBox(page)).toHaveValue('plumbing');
  await expect(jamal).toBeVisible();
  await searchBox(page).fill('plu');
  await expect(page).toHaveURL(/\/Search\?q=plu$/);
  await expect(page.getByText(/^5 providers · Results for “plu”$/)).toBeVisible();
  await expectAccessible(page);

  // Nothing found: a friendly sentence and the fixed words.
  await searchBox(page).fill('zzqxv');
  await expect(page.getByText('not serach data')).toBeVisible();
  await expect(page.getByText(/No provider matches “zzqxv”/)).toBeVisible();
  await searchBox(page).fill('plu');

  // The provider's own page with its real reviews.
  await jamal.click();
  await expect(page).toHaveURL(/\/providers\/jamal-washington-austin$/);
  const profile = page.getByRole('region', { name: 'Jamal Washington' });
  await expect(profile.getByRole('heading', { level: 1, name: 'Jamal Washington' })).toBeVisible();
  // Without an accepted booking: the area, and when the street address will show.
  await expect(profile.getByText('Austin, TX 78751', { exact: true })).toBeVisible();
  await expect(profile.getByText('The street address is shown once the provider accepts your booking.')).toBeVisible();
  await expect(profile.getByText(/Duval St/)).toHaveCount(0);
  await expect(profile.getByRole('heading', { name: 'Description' })).toBeVisible();
  await expect(profile.getByText(/Licensed master plumber/)).toBeVisible();
  // The seeded reviews, as many as the count in brackets (five fit on the first page).
  const count = Number(/\d+/.exec((await profile.getByText(/^\(\d+ reviews?\)$/).textContent())!)![0]);
  expect(count).toBeGreaterThan(0);
  const reviews = profile.getByRole('listitem').filter({ has: page.locator('time') });
  await expect(reviews).toHaveCount(Math.min(count, 5));
  await expect(reviews.first().locator('time')).toHaveText(shortDate);
  await expect(reviews.first().getByRole('img', { name: /Rated \d\.\d out of 5/ })).toBeVisible();
  await expect(reviews.first().locator('p')).toHaveText(/\w{3,}/);
  await expectAccessible(page);

  // Favourite: added, then the server says it is already there.
  await profile.getByRole('button', { name: 'Add Jamal Washington to favorites' }).click();
  await expect(page.getByText('Added as favorite', { exact: true })).toBeVisible();
  const filled = profile.getByRole('button', { name: 'Jamal Washington is in your favorites' });
  await expect(filled).toBeVisible();
  await filled.click();
  await expect(page.getByText('Already added as favourites')).toBeVisible();

  // The message button opens the message dialog over the page.
  await profile.getByRole('button', { name: 'Message Jamal Washington' }).click();
  const message = page.getByRole('dialog', { name: 'Message' });
  await expect(message).toBeVisible();
  await message.getByRole('button', { name: 'Close' }).click();
  await expect(message).toBeHidden();
  await expect(profile.getByRole('link', { name: 'Open conversation' })).toHaveCount(0);

  // A message sent from there: the page offers a link that opens the conversation.
  await profile.getByRole('button', { name: 'Message Jamal Washington' }).click();
  const question = `Are you free on Saturday morning? (${test.info().testId})`;
  await message.getByRole('textbox').fill(question);
  await message.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Send msg', { exact: true })).toBeVisible();
  await expect(profile).toBeVisible();
  await profile.getByRole('link', { name: 'Open conversation' }).click();
  await expect(page).toHaveURL(/\/Messages_new\?with=[0-9a-f-]{36}$/);
  await expect(page.getByRole('log', { name: 'Messages: Jamal Washington' }).getByText(question)).toBeVisible();
  await page.goBack();
  await expect(profile).toBeVisible();

  // Reopened later, the filled heart shows at once.
  await page.reload();
  await expect(profile.getByRole('button', { name: 'Jamal Washington is in your favorites' })).toBeVisible();

  // /Favorites shows it; Remove, and it is gone after the reload.
  await page.goto('/Favorites');
  await expect(page.getByRole('heading', { level: 1, name: 'Favorites' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: 'Jamal Washington' });
  await expect(card).toBeVisible();
  await expect(card).toContainText(/\(\d+ reviews?\)/);
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Remove Jamal Washington from favorites' }).click();
  await expect(page.getByText('Removed from favorites')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByText(/You have no favourite providers yet/)).toBeVisible();
  // The browser logs the second add's 409 itself; nothing else may fail.
  expect(consoleErrors.filter((line) => !line.includes('status of 409'))).toEqual([]);
});

test("home, search and favourite cards and the provider dialog open the provider's own page", async ({
  page,
  request,
  consoleErrors,
}, testInfo) => {
  const member = await createMemberSession(request, 'Paige Profile');
  const jamal = await providerNamed(request, 'Jamal Washington');
  const added = await request.post('/v1/services/addasfavorite', {
    headers: auth(member.token),
    data: { liked_by: member.user._id, liked_to: jamal._id },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await signInMember(page, member);
  const profilePage = /\/providers\/jamal-washington-austin$/;
  const heading = page.getByRole('heading', { level: 1, name: 'Jamal Washington' });

  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    // Home's top providers: the name of the first card leads to its page.
    await page.goto('/');
    const top = page.locator('section', { has: page.getByRole('heading', { name: 'Top Service Providers' }) });
    const first = top.getByRole('listitem').first().getByRole('link');
    const name = (await first.textContent())!.trim();
    await first.click();
    await expect(page).toHaveURL(/\/providers\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    await page.goto('/Search?q=Jamal');
    await page.getByRole('link', { name: /Jamal Washington/ }).click();
    await expect(page).toHaveURL(profilePage);
    await expect(heading).toBeVisible();

    // A provider suggested while typing opens the page too.
    await page.goto('/Search');
    await searchBox(page).pressSequentially('Jamal W', {
      delay: 40,
    });
    await page
      .getByRole('listbox', { name: 'Suggestions' })
      .getByRole('option', { name: /Jamal Washington/ })
      .click();
    await expect(page).toHaveURL(profilePage);
    await expect(heading).toBeVisible();

    await page.goto('/Favorites');
    await page.getByRole('listitem').filter({ hasText: 'Jamal Washington' }).getByRole('link').click();
    await expect(page).toHaveURL(profilePage);
    await expect(heading).toBeVisible();

    // The dialog keeps its quick booking and offers the full profile.
    await page.goto(`/Services_booking?provider=${jamal._id}`);
    const dialog = page.getByRole('dialog', { name: 'Jamal Washington' });
    await expect(dialog.getByRole('button', { name: 'Book now' })).toBeVisible();
    const full = dialog.getByRole('link', { name: 'View full profile' });
    await expect(full).toBeVisible();
    // Each button's label on one line, at both widths: no taller than the button beside it.
    const heights = await Promise.all(
      [full, dialog.getByRole('button', { name: 'Book now' })].map(
        async (button) => (await button.boundingBox())!.height,
      ),
    );
    expect(heights[0]).toBeCloseTo(heights[1]!, 0);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`provider-dialog-${size.width}.png`) });
    await full.click();
    await expect(page).toHaveURL(profilePage);
    await expect(heading).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  expect(consoleErrors).toEqual([]);
});

test('a customer whose booking a provider completed reads its street address', async ({ page, request }) => {
  // Emily Carter, seeded in Austin, had a plumbing job with Jamal Washington completed.
  const phone = '5125550171';
  expect((await request.post('/v1/user/login/send-otp', { data: { mobile: phone } })).ok()).toBe(true);
  const login = await request.post('/v1/members/login', { data: { phone, otp: await lastCode(request, phone) } });
  const body = (await login.json()) as { token: string; data: { _id: string; name: string } };
  await signInMember(page, { token: body.token, user: body.data, phone, email: '' });
  await page.goto('/Search?q=Jamal');
  await page.getByRole('link', { name: /Jamal Washington/ }).click();
  const profile = page.getByRole('region', { name: 'Jamal Washington' });
  await expect(profile.getByText('4512 Duval St, Austin, TX 78751')).toBeVisible();
  await expect(profile.getByText(/shown once the provider accepts/)).toHaveCount(0);
});

test('Book now as a visitor: sign in, come back to the provider, then book', async ({ page, request }) => {
  const member = await createMemberSession(request, 'Val Visitor');
  await page.goto('/');
  await page.getByRole('link', { name: 'Plumbing', exact: true }).click();
  await expect(page).toHaveURL(/\/Services_booking\?service=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Book your Service' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Providers of Plumbing' })).toBeVisible();
  const list = page.getByRole('list').filter({ has: page.getByRole('link', { name: /Jamal Washington/ }) });
  await expect(list.getByText(/^from \$\d+\.\d{2} \/ (visit|hour)$/).first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: /Jamal Washington/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Jamal Washington' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/provider=[0-9a-f-]{36}/);
  const providerUrl = page.url();
  await expectAccessible(page);
  // No favourite check for a visitor; Book now asks to sign in first.
  await dialog.getByRole('button', { name: 'Book now' }).click();
  await expect(page).toHaveURL(/\/userlogin$/);

  await page.getByLabel('Phone number').fill(member.phone);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/loginotp$/);
  await page.getByLabel(/6-digit code/).fill(await lastCode(request, member.phone));
  await page.getByRole('button', { name: 'Verify' }).click();

  // Back on the same provider's dialog, signed in.
  await expect(page).toHaveURL(providerUrl);
  const again = page.getByRole('dialog', { name: 'Jamal Washington' });
  await expect(again).toBeVisible();
  await again.getByRole('button', { name: 'Book now' }).click();
  await expect(page.getByRole('dialog', { name: 'Book Jamal Washington' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Jamal Washington', exact: true })).toHaveCount(0);
});

test('a provider with many reviews shows five, then more on Show more', async ({ page, request }) => {
  const all = (await (await request.get('/v1/services/search?limit=100')).json()) as {
    data: { _id: string; user_id: { name: string; reviewCount: number } }[];
  };
  const busiest = all.data.reduce((a, b) => (b.user_id.reviewCount > a.user_id.reviewCount ? b : a));
  expect(busiest.user_id.reviewCount).toBeGreaterThan(5);
  await page.goto(`/Services_booking?provider=${busiest._id}`);
  const dialog = page.getByRole('dialog', { name: busiest.user_id.name });
  const reviews = dialog.getByRole('listitem').filter({ has: page.locator('time') });
  await expect(reviews).toHaveCount(5);
  await dialog.getByRole('button', { name: 'Show more' }).click();
  await expect(reviews).toHaveCount(Math.min(busiest.user_id.reviewCount, 10));
});

test('a provider opened directly shows its services; an unknown service says so', async ({ page, request }) => {
  const search = await request.get('/v1/services/search?text=Maria%20Delgado');
  const maria = ((await search.json()) as { data: { _id: string }[] }).data[0]!;
  await page.goto(`/Services_booking?provider=${maria._id}`);
  const dialog = page.getByRole('dialog', { name: 'Maria Delgado' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  // Behind it: the provider and the services it offers; its card opens the dialog again.
  await expect(page.getByRole('link', { name: 'Providers of Beauty' })).toBeVisible();
  await page.getByRole('link', { name: /Maria Delgado/ }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByRole('link', { name: 'Providers of Beauty' }).click();
  await expect(page).toHaveURL(/\/Services_booking\?service=[0-9a-f-]{36}$/);
  await expect(page.getByRole('link', { name: /Maria Delgado/ })).toBeVisible();

  await page.goto('/Services_booking?service=00000000-0000-4000-8000-00000000dead');
  await expect(page.getByText('This service was not found.')).toBeVisible();
});
