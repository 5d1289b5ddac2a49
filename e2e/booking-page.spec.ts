// One booking's page as its three readers see it. A customer books the demo provider (cash),
// follows the link from /Ongoing and reads the reference, the price and the timeline; the
// provider opens the same booking from its jobs and accepts it there; the customer adds it to a
// calendar (the file's start and title checked) and cancels within the free window, the policy
// said before confirming, and the timeline ends in Cancelled; the admin opens it from the booking
// list (its Service and Total columns) in the back-office. A completed job prints its receipt
// alone. Each screen passes axe at 1280 and 390 px.
import fs from 'node:fs';
import type { Browser } from '@playwright/test';
import {
  auth,
  checkBothWidths,
  countPrints,
  createMemberSession,
  expect,
  expectAccessible,
  freeSlot,
  signInAdmin,
  signInDemoProvider,
  signInMember,
  test,
} from './fixtures.js';
import { clockTime, dayjs, usd, zone, zoneAbbreviation } from './formats.js';

async function open(browser: Browser, errors: string[], viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return page;
}

test('a booking’s page for its customer, its provider and the admin: reference, price, timeline, calendar, cancel', async ({
  browser,
  request,
}, testInfo) => {
  // Three members' pages, each checked with axe at two widths: about 50 s on an idle machine.
  test.setTimeout(120_000);
  const provider = await signInDemoProvider(request);
  const name = `Nora Planner ${Date.now() % 100000}`;
  const customer = await createMemberSession(request, name);
  const errors: string[] = [];

  // Booked through the API, to pay in cash, for the provider's first priced service.
  const prices = (
    (await (await request.get(`/v1/providers/${provider.user._id}/prices`)).json()) as {
      data: { serviceId: string; title: string; unit: 'visit' | 'hour' }[];
    }
  ).data;
  const service = prices[0]!;
  const { date, time } = await freeSlot(request, provider.user._id, 62);
  const booked = await request.post('/v1/services/addbooking', {
    headers: auth(customer.token),
    data: {
      bookedby: customer.user._id,
      bookedto: provider.user._id,
      serviceId: service.serviceId,
      ...(service.unit === 'hour' ? { hours: 2 } : {}),
      payment: 'cash',
      date,
      time,
      phone: '5125550188',
      address: '88 Rainey St, Austin, TX 78701',
      description: 'Deep clean before the holidays.',
    },
  });
  expect(booked.ok(), await booked.text()).toBe(true);
  const booking = (
    (await booked.json()) as {
      data: {
        _id: string;
        price: { serviceCents: number; feeCents: number; discountCents: number; totalCents: number };
      };
    }
  ).data;
  const reference = booking._id.slice(0, 8).toUpperCase();
  const startsAt = dayjs.tz(`${date} ${time}`, zone);

  // /Ongoing → the booking's page.
  const page = await open(browser, errors);
  await signInMember(page, customer);
  await page.goto('/Ongoing');
  const card = page.getByRole('article', { name: provider.user.name });
  await expect(card.getByRole('link', { name: 'View booking' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('ongoing-1280.png') });
  await card.getByRole('link', { name: 'View booking' }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${booking._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Booking with ${provider.user.name}` })).toBeVisible();
  await expect(page.getByText(`Ref. ${reference}`)).toBeVisible();

  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText(service.title, { exact: true })).toBeVisible();
  await expect(summary.getByText(`${clockTime(time)} ${zoneAbbreviation(startsAt.toDate())}`)).toBeVisible();
  await expect(summary.getByText('88 Rainey St, Austin, TX 78701')).toBeVisible();

  const price = page.getByRole('region', { name: 'Price' });
  /** The amount beside a label of the breakdown. */
  const line = (label: string) =>
    price
      .locator('div')
      .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
      .getByRole('definition');
  await expect(line('Service')).toHaveText(usd(booking.price.serviceCents));
  await expect(line('Platform fee')).toHaveText(usd(booking.price.feeCents));
  await expect(line('Total')).toHaveText(usd(booking.price.totalCents));
  await expect(price.getByText('Offer discount')).toHaveCount(0);
  await expect(price.getByText('Cash on completion')).toBeVisible();

  const timeline = page.getByRole('region', { name: 'Status' }).getByRole('listitem');
  await expect(timeline).toHaveText([/^Requested\d{2}-/, 'AcceptedNot yet', 'CompletedNot yet']);
  await expect(page.getByRole('link', { name: `Message ${provider.user.name}` })).toHaveAttribute(
    'href',
    `/Messages_new?with=${provider.user._id}`,
  );
  await checkBothWidths(page, 'customer-requested', (file) => testInfo.outputPath(file));

  // While requested, cancelling is free, and the dialog says so before anything happens.
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel booking' });
  await expect(dialog.getByText('Free: the provider has not accepted yet', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toBeHidden();

  // The provider finds it among its requests and accepts it on its page.
  const providerPage = await open(browser, errors);
  await signInMember(providerPage, provider);
  await providerPage.goto('/provider/jobs');
  await providerPage.getByRole('article', { name }).getByRole('link', { name: 'View booking' }).click();
  await expect(providerPage.getByRole('heading', { level: 1, name: `Job for ${name}` })).toBeVisible();
  const customerCard = providerPage.getByRole('region', { name: 'Customer' });
  await expect(customerCard.getByText(name, { exact: true })).toBeVisible();
  // The way to the job, while the provider still has to go there.
  await expect(customerCard.getByRole('link', { name: 'Directions (opens in a new tab)' })).toHaveAttribute(
    'href',
    `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent('88 Rainey St, Austin, TX 78701')}`,
  );
  await checkBothWidths(providerPage, 'provider-requested', (file) => testInfo.outputPath(file));
  await providerPage.getByRole('button', { name: 'Accept' }).click();
  await expect(providerPage.getByText('Booking accepted')).toBeVisible();
  await expect(providerPage.getByRole('region', { name: 'Status' }).getByRole('listitem')).toHaveText([
    /^Requested/,
    /^Accepted\d{2}-/,
    'CompletedNot yet',
  ]);
  await expect(providerPage.getByRole('button', { name: 'Accept' })).toHaveCount(0);

  // The customer's page follows: accepted.
  await page.reload();
  await expect(timeline).toHaveText([/^Requested/, /^Accepted\d{2}-/, 'CompletedNot yet']);

  // Add to calendar: an .ics with the job's start in UTC and the provider's name.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Add to calendar' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`doorstep-booking-${reference}.ics`);
  const ics = fs.readFileSync((await download.path())!, 'utf8').replace(/\r\n[ \t]/g, '');
  expect(ics).toContain(`DTSTART:${startsAt.utc().format('YYYYMMDD[T]HHmmss[Z]')}`);
  expect(ics).toContain(`SUMMARY:Doorstep booking with ${provider.user.name}`);
  expect(ics).toContain('STATUS:CONFIRMED');

  // Accepted, cancelling costs what the booking's terms say: the marketplace's default has no
  // late fee (the fee's own wording, "Free until …" and "A cancellation fee of … applies", is
  // checked in booking-page.test.ts). Said before confirming.
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(dialog.getByText('Do you want to cancel this booking?')).toBeVisible();
  await expect(dialog.getByText('Free: this booking has no cancellation fee', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('customer-cancel-dialog-1280.png') });
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText('Booking cancelled')).toBeVisible();
  await expect(timeline).toHaveText([/^Requested/, /^Accepted/, /^Cancelled\d{2}-/]);
  await expect(timeline.last()).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
  await checkBothWidths(page, 'customer-cancelled', (file) => testInfo.outputPath(file));

  // The admin: the booking list's Service and Total, then its page in the back-office.
  const adminPage = await open(browser, errors);
  await signInAdmin(adminPage, request);
  await adminPage.goto(`/bookinglist?q=${encodeURIComponent(name)}`);
  const table = adminPage.getByRole('table');
  for (const header of ['Service', 'Total', 'Action'])
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('cell', { name: service.title, exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: usd(booking.price.totalCents), exact: true })).toBeVisible();
  await adminPage.screenshot({ path: testInfo.outputPath('admin-list-1280.png') });
  await row.getByRole('link', { name: `View booking Ref. ${reference}` }).click();
  await expect(adminPage).toHaveURL(new RegExp(`/bookingDetail\\?id=${booking._id}$`));
  await expect(adminPage.getByRole('heading', { level: 2, name: 'Booking Detail' })).toBeVisible();
  await expect(adminPage.getByText(`Ref. ${reference}`)).toBeVisible();
  await expect(adminPage.getByRole('region', { name: 'Customer' }).getByRole('link', { name })).toBeVisible();
  await expect(
    adminPage.getByRole('region', { name: 'Provider' }).getByRole('link', { name: provider.user.name }),
  ).toBeVisible();
  await expect(adminPage.getByRole('region', { name: 'Status' }).getByRole('listitem').last()).toContainText(
    'Cancelled',
  );
  await expect(adminPage.getByRole('button', { name: /Cancel booking|Reschedule|Accept/ })).toHaveCount(0);
  await checkBothWidths(adminPage, 'admin', (file) => testInfo.outputPath(file));

  expect(errors).toEqual([]);
  for (const p of [page, providerPage, adminPage]) await p.context().close();
});

test('a completed job’s receipt prints alone', async ({ browser, request }, testInfo) => {
  const provider = await signInDemoProvider(request);
  const errors: string[] = [];
  const page = await open(browser, errors);
  await signInMember(page, provider);
  await page.goto('/provider/jobs?tab=past');
  await expect(page.getByRole('link', { name: 'View booking' }).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('jobs-past-1280.png') });
  await page
    .getByRole('article')
    .filter({ has: page.getByText('Completed', { exact: true }) })
    .first()
    .getByRole('link', { name: 'View booking' })
    .click();
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(receipt).toBeVisible();
  await expect(receipt.getByText('Total')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status' }).getByRole('listitem').last()).toContainText('Completed');
  await expect(page.getByRole('link', { name: /^Directions/ })).toHaveCount(0);
  await checkBothWidths(page, 'provider-completed', (file) => testInfo.outputPath(file));

  // The button asks the browser to print (stubbed: a headless print dialog never closes).
  const printed = await countPrints(page);
  await receipt.getByRole('button', { name: 'Print receipt' }).click();
  expect(await printed()).toBe(1);

  // In print, the receipt sheet alone.
  const sheet = page.getByTestId('receipt-sheet');
  await expect(sheet).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('Billed to')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Status' })).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('receipt-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await expect(sheet).toBeHidden();

  expect(errors).toEqual([]);
  await page.context().close();
});
