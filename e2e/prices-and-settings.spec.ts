// Price lists and the marketplace's terms. The demo provider prices its cleaning by the hour and
// a service it adds by the visit on /provider/profile, reloads and saves again (the figures stay:
// the profile once multiplied charges by 100 per save); a visitor sees its cheapest line, "from
// $… / hour", on its card and on its page; the admin corrects a price on /vendorDetail and
// changes the platform fee on /settings (then puts it back); a member's wallet shows what is held
// for a booking paid from it, on /wallet and on the admin's /userDetail. Each screen passes axe at
// 1280 and 390 px. Everything the journey changes is put back at the end.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  adminToken,
  auth,
  checkBothWidths,
  createMemberSession,
  expect,
  freeTimes,
  signInAdmin,
  signInDemoProvider,
  signInMember,
  test,
} from './fixtures.js';
import { dayjs, usd, zone } from './formats.js';

const desktop = { width: 1280, height: 900 };

interface PriceLine {
  serviceId: string;
  title: string;
  priceCents: number;
  unit: 'visit' | 'hour';
  durationMinutes: number;
}

async function priceList(request: APIRequestContext, providerId: string): Promise<PriceLine[]> {
  return ((await (await request.get(`/v1/providers/${providerId}/prices`)).json()) as { data: PriceLine[] }).data;
}

/** A price row of the form: the service's group of fields. */
const row = (page: Page, service: string) => page.getByRole('group', { name: service, exact: true });

async function fillRow(
  page: Page,
  service: string,
  line: { price: string; unit: 'per visit' | 'per hour'; duration: string; durationUnit: 'minutes' | 'hours' },
) {
  const group = row(page, service);
  await group.getByLabel('Price ($)').fill(line.price);
  await group.getByLabel('Charged').selectOption({ label: line.unit });
  await group.getByLabel('Takes about').fill(line.duration);
  await group.getByLabel('Unit of time').selectOption({ label: line.durationUnit });
}

async function expectRow(
  page: Page,
  service: string,
  line: { price: string; unit: 'visit' | 'hour'; duration: string; durationUnit: 'minutes' | 'hours' },
) {
  const group = row(page, service);
  await expect(group.getByLabel('Price ($)')).toHaveValue(line.price);
  await expect(group.getByLabel('Charged')).toHaveValue(line.unit);
  await expect(group.getByLabel('Takes about')).toHaveValue(line.duration);
  await expect(group.getByLabel('Unit of time')).toHaveValue(line.durationUnit);
}

test('the demo provider prices its services, a visitor sees the cheapest line, the admin corrects it and sets the fee', async ({
  page,
  browser,
  request,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(150_000);
  const provider = await signInDemoProvider(request);
  const providerId = provider.user._id;
  const profile = (
    (await (await request.get('/v1/provider/profile', { headers: auth(provider.token) })).json()) as {
      data: {
        services: string[];
        charges: number;
        city: string;
        address: string;
        about: string;
        radiusKm: number;
      };
    }
  ).data;
  const before = await priceList(request, providerId);
  const admin = await adminToken(request);
  const terms = (
    (await (await request.get('/v1/admin/settings', { headers: auth(admin) })).json()) as {
      data: { feeBasisPoints: number; cancellationFeeCents: number };
    }
  ).data;

  try {
    await signInMember(page, provider);
    await page.setViewportSize(desktop);
    await page.goto('/provider/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const prices = page.getByRole('group', { name: 'Prices', exact: true });
    await expect(row(page, 'Cleaning')).toBeVisible();

    // Adding a service adds its row (at the charges, per visit); taking it away takes the row.
    await page.getByRole('checkbox', { name: 'Plumbing' }).check();
    await expect(row(page, 'Plumbing').getByLabel('Price ($)')).toHaveValue(
      (await page.getByLabel('Charges ($)').inputValue()) || '',
    );
    await page.getByRole('checkbox', { name: 'Plumbing' }).uncheck();
    await expect(row(page, 'Plumbing')).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Plumbing' }).check();

    await fillRow(page, 'Cleaning', { price: '0.50', unit: 'per hour', duration: '2', durationUnit: 'hours' });
    await fillRow(page, 'Plumbing', { price: '80', unit: 'per visit', duration: '10', durationUnit: 'minutes' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // The server's own messages, before anything is sent.
    await expect(row(page, 'Cleaning').getByText('The price must be between $1.00 and $100,000.00')).toBeVisible();
    await expect(row(page, 'Plumbing').getByText('The duration must be between 15 minutes and 12 hours')).toBeVisible();
    await checkBothWidths(page, 'profile-prices-errors', (file) => testInfo.outputPath(file));

    await row(page, 'Cleaning').getByLabel('Price ($)').fill('38.50');
    await row(page, 'Plumbing').getByLabel('Takes about').fill('90');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();

    // Reloaded, then saved again without a change, then reloaded: the same figures each time.
    for (let round = 0; round < 2; round++) {
      await page.reload();
      await expectRow(page, 'Cleaning', { price: '38.50', unit: 'hour', duration: '2', durationUnit: 'hours' });
      await expectRow(page, 'Plumbing', { price: '80.00', unit: 'visit', duration: '90', durationUnit: 'minutes' });
      if (round === 0) {
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await expect(page.getByText('Profile saved')).toBeVisible();
      }
    }
    expect(
      (await priceList(request, providerId)).map(({ title, priceCents, unit, durationMinutes }) => [
        title,
        priceCents,
        unit,
        durationMinutes,
      ]),
    ).toEqual([
      ['Cleaning', 3850, 'hour', 120],
      ['Plumbing', 8000, 'visit', 90],
    ]);
    await expect(prices).toBeVisible();
    await checkBothWidths(page, 'profile-prices', (file) => testInfo.outputPath(file));

    // A visitor: the cheapest line on the card and on the provider's page.
    const visitor = await browser.newPage({ viewport: desktop });
    await visitor.goto(`/Search?q=${encodeURIComponent(provider.user.name)}`);
    const card = visitor.getByRole('article').filter({ hasText: provider.user.name }).first();
    await expect(card.getByText('from $38.50 / hour')).toBeVisible();
    await card.getByRole('link').first().click();
    const providerPage = visitor.getByRole('region', { name: provider.user.name });
    await expect(providerPage.getByText('from $38.50 / hour')).toBeVisible();
    await checkBothWidths(visitor, 'page-from-price', (file) => testInfo.outputPath(file));
    await visitor.close();

    // The admin corrects the hourly price on /vendorDetail.
    const back = await browser.newPage({ viewport: desktop });
    await signInAdmin(back, request);
    await back.goto(`/vendorDetail?id=${providerId}`);
    await expect(back.getByRole('heading', { name: 'Prices', level: 2 })).toBeVisible();
    await expectRow(back, 'Cleaning', { price: '38.50', unit: 'hour', duration: '2', durationUnit: 'hours' });
    await row(back, 'Cleaning').getByLabel('Price ($)').fill('100000.01');
    await back.getByRole('button', { name: 'Save prices' }).click();
    await expect(row(back, 'Cleaning').getByText('The price must be between $1.00 and $100,000.00')).toBeVisible();
    await row(back, 'Cleaning').getByLabel('Price ($)').fill('39');
    await back.getByRole('button', { name: 'Save prices' }).click();
    await expect(back.getByText('Prices saved')).toBeVisible();
    await back.reload();
    await expectRow(back, 'Cleaning', { price: '39.00', unit: 'hour', duration: '2', durationUnit: 'hours' });
    expect((await priceList(request, providerId)).find((l) => l.title === 'Cleaning')?.priceCents).toBe(3900);
    await checkBothWidths(back, 'vendor-prices', (file) => testInfo.outputPath(file));

    // The platform fee on /settings, from the sidebar.
    await back.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(back.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
    const fee = back.getByLabel('Platform fee (%)');
    await expect(fee).toHaveValue(String(terms.feeBasisPoints / 100));
    await expect(back.getByLabel('Late-cancellation fee ($)')).toHaveValue(
      (terms.cancellationFeeCents / 100).toFixed(2),
    );
    await fee.fill('55');
    await back.getByRole('button', { name: 'Save settings' }).click();
    await expect(back.getByText('The platform fee must be between 0% and 50%')).toBeVisible();
    await checkBothWidths(back, 'settings-error', (file) => testInfo.outputPath(file));
    await fee.fill('12.5');
    await back.getByRole('button', { name: 'Save settings' }).click();
    await expect(back.getByText('Settings saved')).toBeVisible();
    await back.reload();
    await expect(back.getByLabel('Platform fee (%)')).toHaveValue('12.5');
    expect(
      ((await (await request.get('/v1/admin/settings', { headers: auth(admin) })).json()) as { data: object }).data,
    ).toEqual({ ...terms, feeBasisPoints: 1250 });
    await checkBothWidths(back, 'settings', (file) => testInfo.outputPath(file));
    // Put back as it was.
    await back.getByLabel('Platform fee (%)').fill(String(terms.feeBasisPoints / 100));
    await back.getByRole('button', { name: 'Save settings' }).click();
    await expect(back.getByText('Settings saved').first()).toBeVisible();
    await back.close();
    expect(consoleErrors).toEqual([]);
  } finally {
    // The demo provider's services and prices, and the terms, as they were.
    await request.put('/v1/admin/settings', { headers: auth(admin), data: terms });
    const restored = await request.put('/v1/provider/profile', {
      headers: auth(provider.token),
      data: { ...profile, charges: (profile.charges / 100).toFixed(2) },
    });
    expect(restored.ok(), await restored.text()).toBe(true);
    const lines = before.map(({ title: _title, ...line }) => line);
    expect(
      (await request.put('/v1/provider/prices', { headers: auth(provider.token), data: { prices: lines } })).ok(),
    ).toBe(true);
  }
});

test('a booking paid from the wallet is held: /wallet and the admin’s /userDetail show it, and its release', async ({
  page,
  browser,
  request,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(120_000);
  const member = await createMemberSession(request, `Holly Wallet ${Date.now() % 100000}`);
  const admin = await adminToken(request);
  const added = await request.post('/v1/transaction/addBalanceToUser', {
    headers: auth(admin),
    data: { id: member.user._id, amount: '500' },
  });
  expect(added.ok(), await added.text()).toBe(true);

  // A provider priced by the visit, on a day far enough ahead that the other journeys leave it free.
  const found = (
    (await (await request.get('/v1/services/search?text=Maria%20Delgado&limit=1')).json()) as {
      data: { _id: string; user_id: { name: string } }[];
    }
  ).data[0]!;
  const line = (await priceList(request, found._id)).find((l) => l.unit === 'visit')!;
  let slot: { date: string; time: string } | undefined;
  for (let ahead = 75; !slot && ahead < 120; ahead++) {
    const date = dayjs().tz(zone).add(ahead, 'day').format('YYYY-MM-DD');
    // The latest time with room for the service's duration.
    const times = await freeTimes(request, found._id, date, line.durationMinutes);
    if (times.length) slot = { date, time: times.at(-1)! };
  }
  const booked = await request.post('/v1/services/addbooking', {
    headers: auth(member.token),
    data: {
      bookedby: member.user._id,
      bookedto: found._id,
      serviceId: line.serviceId,
      payment: 'wallet',
      ...slot,
      phone: '5125550177',
      address: '600 Congress Ave, Austin, TX 78701',
      description: 'A trim before the wedding.',
    },
  });
  expect(booked.ok(), await booked.text()).toBe(true);
  const booking = ((await booked.json()) as { data: { _id: string; price: { totalCents: number } } }).data;
  const held = usd(booking.price.totalCents);

  await signInMember(page, member);
  await page.setViewportSize(desktop);
  await page.goto('/wallet');
  const figure = (p: Page, label: string) => p.locator('dl div').filter({ has: p.locator('dt', { hasText: label }) });
  await expect(figure(page, 'Held for bookings').locator('dd')).toHaveText(held);
  const payment = page.getByRole('row').filter({ hasText: `Booking with ${found.user_id.name}` });
  await expect(payment.getByText('Held', { exact: true })).toBeVisible();
  await expect(payment.getByText('Booking payment').first()).toBeAttached();
  await checkBothWidths(page, 'wallet-held', (file) => testInfo.outputPath(file));

  const back = await browser.newPage({ viewport: desktop });
  await signInAdmin(back, request);
  await back.goto(`/userDetail?id=${member.user._id}`);
  await expect(figure(back, 'Held for bookings').locator('dd')).toHaveText(held);
  const adminRow = back.getByRole('row').filter({ hasText: `Booking with ${found.user_id.name}` });
  await expect(adminRow.getByText('Booking payment')).toBeVisible();
  await expect(adminRow.getByText('Held', { exact: true })).toBeVisible();
  await checkBothWidths(back, 'user-detail-held', (file) => testInfo.outputPath(file));
  await back.close();

  // Cancelled while requested: free, and the hold is released.
  expect((await request.get(`/v1/services/deletebooking/${booking._id}`, { headers: auth(member.token) })).ok()).toBe(
    true,
  );
  await page.reload();
  await expect(figure(page, 'Held for bookings').locator('dd')).toHaveText('$0.00');
  await expect(payment.getByText('Released', { exact: true })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
