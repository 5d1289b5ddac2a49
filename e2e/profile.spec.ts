// A member looks at their profile, edits it with a new picture, and finds their way through the
// signed-in services pages.
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import {
  checkBothWidths,
  createMemberSession,
  expect,
  expectAccessible,
  lastCode,
  newPhone,
  signInByPhone,
  signInMember,
  test,
} from './fixtures.js';

const shots = 'test-results/screens/profile';
const snap = (page: Page, name: string) =>
  page.screenshot({ path: `${shots}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });

/** A US number as the profile writes it: 7045550123 → `+1 (704) 555-0123`. */
const usNumber = (phone: string) => `+1 (${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;

/** A small picture, made here as a person would have one on disk. */
const photo = () =>
  sharp({ create: { width: 240, height: 180, channels: 3, background: { r: 14, g: 116, b: 144 } } })
    .png()
    .toBuffer();

test('a member reads their profile details and edits their profile with a new picture', async ({
  page,
  request,
  consoleErrors,
}) => {
  const member = await createMemberSession(request, 'Priya Shah');
  await signInMember(page, member);

  // /Profiles: the Profile Details dialog is open on arrival.
  await page.goto('/Profiles');
  const details = page.getByRole('dialog', { name: 'Profile Details' });
  await expect(details).toBeVisible();
  await expect(details.getByText('Priya Shah')).toBeVisible();
  await expect(details.getByText(member.email)).toBeVisible();
  // Signed up by phone without a country: a US number.
  await expect(details.getByText(usNumber(member.phone))).toBeVisible();
  await expect(details.getByRole('heading', { name: 'About Me' })).toBeVisible();
  await expect(details.getByRole('img', { name: 'No profile image yet' })).toHaveText('PS');
  await expectAccessible(page);
  await snap(page, 'profiles');

  // Closing it goes back to the member's home.
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/Home_new$/);

  await page.goto('/Profiles');
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page).toHaveURL(/\/my-profile$/);
  await expect(page.getByRole('heading', { name: 'My profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Priya Shah', level: 2 })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'my-profile');

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit profile' });
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('First Name', { exact: true })).toHaveValue('Priya');
  await expect(edit.getByLabel('Last Name', { exact: true })).toHaveValue('Shah');
  // Email and mobile are shown but cannot be changed here; the mobile shows its country, which
  // cannot be changed at all.
  const email = edit.getByLabel('Email', { exact: true });
  await expect(email).toHaveValue(member.email);
  await expect(email).not.toBeEditable();
  const mobile = edit.getByLabel('Mobile', { exact: true });
  await expect(mobile).toHaveValue(member.phone);
  await expect(mobile).not.toBeEditable();
  await expect(edit.getByText('United States +1', { exact: true })).toBeVisible();
  await expect(mobile).toHaveAccessibleDescription(
    'Country code: United States +1. It cannot be changed; the number can, with Change on your profile.',
  );
  await expectAccessible(page);
  await snap(page, 'edit');
  await checkBothWidths(page, 'edit-mobile', (file) => `${shots}/${file}`);
  // The dialog scrolls back up on resize: look at the mobile and its country on a phone too.
  await page.setViewportSize({ width: 390, height: 844 });
  await mobile.scrollIntoViewIfNeeded();
  await snap(page, 'edit-mobile');
  await page.setViewportSize({ width: 1280, height: 900 });
  await mobile.scrollIntoViewIfNeeded();
  await snap(page, 'edit-mobile');

  // The form says what is wrong, next to the fields.
  await edit.getByLabel('First Name', { exact: true }).fill('');
  await edit.getByLabel('Age', { exact: true }).fill('7');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(edit.getByText('Enter your First Name')).toBeVisible();
  await expect(edit.getByText('Age must be a whole number from 13 to 120.')).toBeVisible();

  // The picker refuses what the server would refuse, with the same words.
  const picker = edit.getByLabel('Profile image', { exact: true });
  await expect(picker).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('shopping list') });
  await expect(edit.getByText('Please choose a JPEG, PNG or WebP image.')).toBeVisible();
  await picker.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024) });
  await expect(edit.getByText('The image must be at most 5 MB.')).toBeVisible();

  await edit.getByLabel('First Name', { exact: true }).fill('Asha');
  await edit.getByLabel('Last Name', { exact: true }).fill('Verma');
  await edit.getByLabel('About Me', { exact: true }).fill('Plant lover. Home most weekday evenings.');
  await edit.getByLabel('Age', { exact: true }).fill('36');
  await edit.getByLabel('Gender', { exact: true }).fill('Female');
  await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo() });
  await expect(edit.getByRole('img', { name: 'Preview of the new profile image' })).toBeVisible();
  await expect(edit.getByText('The image must be at most 5 MB.')).toBeHidden();

  // Hold the upload's answer so the progress can be seen, as on a slow connection.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v1/members/profileimage', async (route) => {
    await held;
    await route.continue();
  });
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(edit.getByRole('progressbar', { name: 'Uploading image' })).toBeVisible();
  await expect(edit.getByText(/Uploading image… \d+%/)).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Updating…' })).toBeDisabled();
  await snap(page, 'uploading');
  release();

  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Asha Verma', level: 2 })).toBeVisible();
  await expect(page.getByText('Plant lover. Home most weekday evenings.')).toBeVisible();
  await expect(page.getByText('36', { exact: true })).toBeVisible();
  await expect(page.getByText('Female', { exact: true })).toBeVisible();
  const picture = page.getByRole('img', { name: 'Profile image' });
  await expect(picture).toHaveAttribute('src', /^\/uploads\/profiles\/[0-9a-f]{64}\.webp$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
  // The header's user menu has the new name.
  await expect(page.getByRole('banner').getByRole('button', { name: /Asha Verma/ })).toBeVisible();
  // … and keeps it: the stored member session holds the new name.
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('doorstep.member') ?? 'null') as { user: { name: string } } | null,
  );
  expect(stored?.user.name).toBe('Asha Verma');
  await snap(page, 'updated');

  // Saved on the server: a reload and the details dialog show the same. (The header is not
  // checked after a reload: the sign-in fixture writes the session it started with on every load.)
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Asha Verma', level: 2 })).toBeVisible();
  await page.goto('/Profiles');
  const after = page.getByRole('dialog', { name: 'Profile Details' });
  await expect(after.getByText('Asha Verma')).toBeVisible();
  await expect(after.getByText('Plant lover. Home most weekday evenings.')).toBeVisible();
  await expect(after.getByRole('img', { name: 'Profile image' })).toHaveAttribute('src', /\.webp$/);
  expect(consoleErrors).toEqual([]);
});

test('a member changes the phone number: the new one replaces the old once its texted code is entered', async ({
  page,
  request,
  consoleErrors,
}) => {
  const member = await createMemberSession(request, 'Omar Haddad');
  await signInMember(page, member);
  await page.goto('/my-profile');
  await page.getByRole('button', { name: 'Change your phone number' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change your phone number' });
  await expect(dialog.getByText('Your account keeps the old one until you enter it.')).toBeVisible();
  const next = newPhone();
  await dialog.getByLabel('New phone number').fill(next);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText(`Enter the 6-digit code we texted to ${next}.`)).toBeVisible();
  await dialog.getByLabel('6-digit code').fill(await lastCode(request, next));
  await checkBothWidths(page, 'change-phone', (file) => test.info().outputPath(file));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Phone number changed')).toBeVisible();
  await expect(page.getByText(usNumber(next))).toBeVisible();
  expect((await signInByPhone(request, next)).token).toEqual(expect.any(String));
  expect(consoleErrors).toEqual([]);
});

test('over real HTTP, a too-large upload gets the 413 message, not a broken connection', async ({ request }) => {
  const member = await createMemberSession(request);
  const upload = (name: string, mimeType: string, buffer: Buffer) =>
    request.post('/v1/members/profileimage', {
      headers: { authorization: `Bearer ${member.token}` },
      multipart: { image: { name, mimeType, buffer } },
    });
  const big = Buffer.alloc(6 * 1024 * 1024);
  (await photo()).copy(big);
  const tooLarge = await upload('big.png', 'image/png', big);
  expect(tooLarge.status()).toBe(413);
  expect(await tooLarge.json()).toEqual({
    status: 0,
    code: 'too_large',
    requestId: expect.any(String),
    message: 'The image must be at most 5 MB.',
  });
  const text = await upload('photo.png', 'image/png', Buffer.from('not a picture'));
  expect(text.status()).toBe(422);
  const ok = await upload('photo.png', 'image/png', await photo());
  expect(ok.status()).toBe(200);
  const { data } = (await ok.json()) as { data: { image: string } };
  const served = await request.get(data.image);
  expect(served.headers()['content-type']).toBe('image/webp');
});

test('the services listing leads to booking, and its menu and the detail page links work', async ({
  page,
  request,
  consoleErrors,
}) => {
  const member = await createMemberSession(request, 'Leo Park');
  await signInMember(page, member);

  await page.goto('/Services_new');
  await expect(page.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();
  const services = page
    .getByRole('main')
    .getByRole('list')
    .filter({ has: page.getByRole('link', { name: 'Cleaning' }) });
  for (const title of ['Appliance Repair', 'Beauty', 'Carpentry', 'Cleaning', 'Painting', 'Plumbing']) {
    await expect(services.getByRole('link', { name: title, exact: true })).toBeVisible();
  }
  await expect(services.getByRole('listitem')).toHaveCount(6);
  const menu = page.getByRole('navigation', { name: 'Your account' });
  for (const [label, href] of [
    ['My booking', '/Ongoing'],
    ['History', '/History'],
    ['Favorites', '/Favorites'],
    ['Messages', '/Messages_new'],
    ['Profile', '/Profiles'],
  ] as const) {
    await expect(menu.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
  }
  await expectAccessible(page);
  await snap(page, 'services-new');

  await menu.getByRole('link', { name: 'My booking' }).click();
  await expect(page).toHaveURL(/\/Ongoing$/);
  await page.goBack();
  await services.getByRole('link', { name: 'Plumbing', exact: true }).click();
  await expect(page).toHaveURL(/\/Services_booking\?service=[0-9a-f-]{36}$/);

  await page.goto('/Services_detail');
  await expect(page.getByRole('heading', { name: 'How booking works', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reviews you can trust' })).toBeVisible();
  // The footer: About Us, policies and the cities served.
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/AboutUs');
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  await expect(footer.getByText('Serving in USA')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'services-detail');

  const pages = page.getByRole('navigation', { name: 'Pages' });
  for (const [label, url] of [
    ['Profile', /\/Profiles$/],
    ['Messages', /\/Messages_new$/],
    ['Services', /\/Services_new$/],
    ['Home', /\/Home_new$/],
  ] as const) {
    await page.goto('/Services_detail');
    await pages.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(url);
  }
  expect(consoleErrors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the profile pages and the services pages fit a small screen', async ({ page, request }) => {
    const member = await createMemberSession(request, 'Maria Del Carmen Ruiz');
    await signInMember(page, member);
    for (const path of ['/Profiles', '/my-profile', '/Services_new', '/Services_detail']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
      await expect(page.getByText('Loading…')).toHaveCount(0);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await snap(page, path.slice(1).toLowerCase());
    }
    await page.goto('/my-profile');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Edit profile' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'edit');
  });
});
