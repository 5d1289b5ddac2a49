// The whole marketplace loop in three browsers: a provider signs up on
// /signup, completes profile and schedule and waits; an admin sets it Active on /vendor; a
// customer books one of its free times; the provider accepts on /provider/jobs while the customer
// watches /Notifications (live); the time is gone for everyone else. Completing needs the job's
// time to have passed, which a booking made now cannot have: the seeded past accepted job of the
// demo provider is marked completed, its customer rates it, and the rating shows on the card.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  checkBothWidths,
  createMemberSession,
  expect,
  expectAccessible,
  lastCode,
  newPhone,
  signInAdmin,
  signInByPhone,
  signInDemoProvider,
  signInMember,
  test,
  pickDay,
} from './fixtures.js';
import { clockTime, dayMonthYear } from './formats.js';

async function freeDay(request: APIRequestContext, providerId: string) {
  for (let ahead = 3; ahead < 40; ahead++) {
    const date = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    const body = (await (await request.get(`/v1/services/availableSlots/${providerId}?date=${date}`)).json()) as {
      data: string[];
    };
    if (body.data.length >= 3) return { date, times: body.data };
  }
  throw new Error('no free day');
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors, close: () => context.close() };
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('provider signs up and is activated; a customer books; the provider accepts live; a done job is completed and rated', async ({
  browser,
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  // ---------------------------------------------------------------- the provider signs up
  const phone = newPhone();
  const email = `pro${phone}@example.com`;
  const name = `Pia Portal${phone.slice(-4)}`;
  const [first, last] = name.split(' ') as [string, string];
  await page.goto('/signup');
  await expect(page.getByLabel('Provider')).toBeChecked();
  await page.getByLabel('First Name').fill(first);
  await page.getByLabel('Last Name').fill(last);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone no.').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByLabel('Confirm Password').fill('Secret123');
  await page.getByRole('checkbox', { name: /I accept the/ }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/verify-account\?email=/);
  await expect(page.getByRole('timer')).toContainText('100');
  await page.getByLabel(/4-digit code/).fill(await lastCode(request, email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/email-login/);
  await page.getByLabel('Password').fill('Secret123');
  await page.getByRole('button', { name: 'Login' }).click();

  // Led to the profile to complete it.
  await expect(page).toHaveURL(/\/provider\/profile$/);
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await expectAccessible(page);
  // The other sections wait for the profile.
  await page.goto('/provider/jobs');
  await expect(page).toHaveURL(/\/provider\/profile$/);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please choose at least one service')).toBeVisible();
  await expect(page.getByText('Please enter your charges')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Cleaning' }).check();
  await page.getByLabel('Charges ($)').fill('55.505');
  await page.getByLabel('City').selectOption({ label: 'Austin' });
  await page.getByLabel('Address', { exact: true }).fill('2100 Barton Springs Rd, Austin, TX 78704');
  await page.getByLabel('About', { exact: true }).fill('Spotless kitchens and bathrooms, eco-friendly products.');
  await page.getByRole('button', { name: 'Save' }).click();
  // The service was ticked before any charges were typed: its price row follows the charges.
  await expect(page.getByText('Please use at most 2 decimals')).toHaveCount(2);
  await page.getByLabel('Charges ($)').fill('55.50');
  await expect(page.getByLabel('Price ($)')).toHaveValue('55.50');
  const photo = await sharp({ create: { width: 120, height: 120, channels: 3, background: { r: 20, g: 120, b: 90 } } })
    .png()
    .toBuffer();
  await page.getByLabel('Photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByRole('img', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();

  // Next: the schedule. Waiting for approval meanwhile, and not listed.
  await expect(page).toHaveURL(/\/provider\/schedule$/);
  await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Sunday' }).uncheck();
  await page.getByLabel('Saturday End').selectOption('13:00');
  await page.getByLabel('Slot length (minutes)').fill('60');
  await page.getByLabel('Travel buffer between jobs (minutes)').fill('30');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Schedule saved')).toBeVisible();
  const dayOff = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
  await pickDay(page, 'Day off', dayOff);
  await page.getByRole('button', { name: 'Add day off' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: dayMonthYear(dayOff) })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'schedule-1280');

  const search = async () =>
    (
      (await (await request.get(`/v1/services/search?text=${encodeURIComponent(name)}`)).json()) as {
        data: { _id: string }[];
      }
    ).data;
  expect(await search()).toEqual([]);

  // ---------------------------------------------------------------- the admin activates it
  const admin = await newPage(browser);
  await signInAdmin(admin.page, request);
  await admin.page.goto(`/vendor?q=${encodeURIComponent(name)}`);
  await admin.page.getByRole('button', { name: `Deactive: ${name}` }).click();
  await admin.page
    .getByRole('dialog', { name: `Activate ${name}?` })
    .getByRole('button', { name: 'Activate', exact: true })
    .click();
  await expect(admin.page.getByText('Status updated successfully')).toBeVisible();
  await expect(admin.page.getByRole('button', { name: `Active: ${name}` })).toBeVisible();
  const found = await search();
  expect(found).toHaveLength(1);
  const providerId = found[0]!._id;

  // The email proved only the email: the phone given at sign-up is proven by a texted code, from
  // the profile, before it signs in.
  await page.goto('/my-profile');
  await expect(page.getByText('Not verified: it cannot sign you in or get texts yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Verify phone' }).click();
  const proving = page.getByRole('dialog', { name: 'Verify your phone number' });
  await proving.getByRole('button', { name: 'Send code' }).click();
  // The code is read once the dialog says it was sent, not while the send is in flight.
  await expect(proving.getByText(/^Enter the 6-digit code we texted to /)).toBeVisible();
  await proving.getByLabel('6-digit code').fill(await lastCode(request, phone));
  await checkBothWidths(page, 'verify-phone', (file) => test.info().outputPath(file));
  await proving.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Phone number verified')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verify phone' })).toHaveCount(0);

  // The provider also signs in by phone at /userlogin and lands on its home; the header and the
  // user menu lead back to the portal.
  const byPhone = await newPage(browser);
  await byPhone.page.goto('/userlogin');
  await byPhone.page.getByLabel('Phone number').fill(phone);
  await byPhone.page.getByRole('button', { name: 'Login' }).click();
  await expect(byPhone.page).toHaveURL(/\/loginotp$/);
  await byPhone.page.getByLabel(/6-digit code/).fill(await lastCode(request, phone));
  await byPhone.page.getByRole('button', { name: 'Verify' }).click();
  await expect(byPhone.page).toHaveURL(/\/provider$/);
  await expect(byPhone.page.getByText('No requests waiting for an answer.')).toBeVisible();
  await expect(byPhone.page.getByRole('banner').getByRole('link', { name: 'Provider portal' })).toHaveAttribute(
    'href',
    '/provider',
  );
  await byPhone.page.getByRole('link', { name: 'Jobs', exact: true }).click();
  await expect(byPhone.page).toHaveURL(/\/provider\/jobs$/);
  await expect(byPhone.page.getByText('No requests to answer.')).toBeVisible();
  await byPhone.page.getByRole('button', { name: new RegExp(name) }).click();
  await byPhone.page.getByRole('listitem').getByRole('link', { name: 'Provider portal' }).click();
  await expect(byPhone.page).toHaveURL(/\/provider$/);

  await page.goto('/provider/profile');
  await expect(page.getByText('Your account is active: customers can find and book you.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toHaveCount(0);

  // ---------------------------------------------------------------- a customer books a free time
  const customer = await newPage(browser);
  const buyer = await createMemberSession(request, 'Cora Customer');
  await signInMember(customer.page, buyer);
  const { date, times } = await freeDay(request, providerId);
  const time = times[0]!;
  await customer.page.goto(`/Services_booking?provider=${providerId}`);
  await customer.page.getByRole('button', { name: 'Book now' }).click();
  const dialog = customer.page.getByRole('dialog', { name: `Book ${name}` });
  await pickDay(dialog, 'Select date', date);
  await dialog.getByRole('radio', { name: clockTime(time), exact: true }).check();
  await dialog.getByLabel('Phone number').fill('5125550142');
  await dialog.getByRole('combobox', { name: 'Location' }).fill('77 Rainey St, Austin, TX 78701');
  await dialog.getByLabel('Description').fill('Deep clean of the kitchen before guests arrive.');
  await customer.page.getByRole('button', { name: 'Continue' }).click();
  await customer.page.getByRole('button', { name: 'Confirm' }).click();
  await expect(customer.page.getByText('Booking Successfully')).toBeVisible();
  // Customers have no portal in their menu.
  await customer.page.getByRole('button', { name: /Cora Customer/ }).click();
  await expect(customer.page.getByRole('link', { name: 'Notifications', exact: false }).first()).toBeVisible();
  await expect(customer.page.getByRole('link', { name: 'Provider portal' })).toHaveCount(0);
  await customer.page.goto('/Notifications');
  await expect(customer.page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();

  // ---------------------------------------------------------------- the provider accepts
  await page.getByRole('link', { name: 'Jobs', exact: true }).click();
  await expect(page).toHaveURL(/\/provider\/jobs$/);
  const job = page.getByRole('article', { name: 'Cora Customer' });
  await expect(job).toContainText(dayMonthYear(date));
  await expect(job).toContainText(clockTime(time));
  await expect(job).toContainText('77 Rainey St, Austin, TX 78701');
  await expect(job).toContainText('5125550142');
  await expect(job).toContainText('Deep clean of the kitchen before guests arrive.');
  await expect(job).toContainText('Requested');
  await expectAccessible(page);
  await shot(page, 'jobs-1280');
  await job.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Booking accepted')).toBeVisible();
  await expect(page.getByText('No requests to answer.')).toBeVisible();
  await page.getByRole('tab', { name: 'Upcoming' }).click();
  await expect(page.getByRole('article', { name: 'Cora Customer' })).toContainText('Accepted');

  // The customer hears of it without reloading.
  await expect(
    customer.page.getByText(`${name} accepted your booking for ${dayMonthYear(date)} at ${clockTime(time)}`),
  ).toBeVisible();
  // And the time is gone for every other customer.
  const after = (await (await request.get(`/v1/services/availableSlots/${providerId}?date=${date}`)).json()) as {
    data: string[];
  };
  expect(after.data).not.toContain(time);
  expect(after.data.length).toBeGreaterThan(0);

  // A customer who opens the portal is told it is for providers.
  await customer.page.goto('/provider/jobs');
  await expect(
    customer.page.getByText('The provider portal is for the providers who do the jobs.', { exact: false }),
  ).toBeVisible();
  await expectAccessible(customer.page);

  // ---------------------------------------------------------------- a done job: completed, then rated
  const demoProvider = await newPage(browser);
  const demo = await signInDemoProvider(request);
  await signInMember(demoProvider.page, demo);
  // Upcoming holds the accepted jobs still ahead: none offers Mark completed.
  await demoProvider.page.goto('/provider/jobs?tab=upcoming');
  await expect(demoProvider.page.getByRole('article', { name: 'Megan Scott' }).first()).toBeVisible();
  await expect(demoProvider.page.getByRole('button', { name: 'Mark completed' })).toHaveCount(0);
  // The one whose time has passed waits under To complete.
  await demoProvider.page.getByRole('tab', { name: /^To complete/ }).click();
  const done = demoProvider.page
    .getByRole('article', { name: 'Megan Scott' })
    .filter({ has: demoProvider.page.getByRole('button', { name: 'Mark completed' }) });
  await expect(done).toHaveCount(1);
  await done.getByRole('button', { name: 'Mark completed' }).click();
  await demoProvider.page.getByRole('dialog').getByRole('button', { name: 'Yes, mark it completed' }).click();
  await expect(demoProvider.page.getByText('Job marked completed')).toBeVisible();
  await demoProvider.page.getByRole('tab', { name: 'Past' }).click();
  await expect(
    demoProvider.page.getByRole('article', { name: 'Megan Scott' }).filter({ hasText: 'Completed' }).first(),
  ).toBeVisible();
  await demoProvider.page.getByRole('link', { name: 'Earnings' }).click();
  await expect(demoProvider.page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
  await expect(demoProvider.page.getByRole('table').first().getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(demoProvider.page);
  await shot(demoProvider.page, 'earnings-1280');

  const before = (
    (await (await request.get(`/v1/services/provider/${demo.user._id}`)).json()) as { data: { reviewCount: number } }
  ).data.reviewCount;
  const megan = await newPage(browser);
  await signInMember(megan.page, await signInByPhone(request, '5125550173'));
  await megan.page.goto('/History');
  const card = megan.page
    .getByRole('article', { name: 'Demo Provider' })
    .filter({ has: megan.page.getByRole('button', { name: 'Rate Now' }) });
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: 'Rate Now' }).click();
  const rate = megan.page.getByRole('dialog', { name: 'Give rate' });
  await rate.getByRole('radio', { name: '5 stars' }).check();
  await rate.getByLabel('Comment').fill('Left the flat spotless for the handover.');
  await rate.getByRole('button', { name: 'Submit' }).click();
  await expect(megan.page.getByText('Rating send successfully')).toBeVisible();

  // The rating shows on the provider's card.
  await megan.page.goto(`/Services_booking?provider=${demo.user._id}`);
  const providerCard = megan.page.getByRole('dialog');
  await expect(providerCard.getByText(`${before + 1} reviews`).first()).toBeAttached();
  await expect(providerCard.getByText('Left the flat spotless for the handover.')).toBeVisible();

  for (const other of [admin, byPhone, customer, demoProvider, megan]) {
    expect(other.errors, other.errors.join('\n')).toEqual([]);
    await other.close();
  }
  expect(consoleErrors).toEqual([]);
});
