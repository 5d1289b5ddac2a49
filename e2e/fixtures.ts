// Shared fixtures: console-error capture, the axe check, sign-in through the real API (the code is
// read from the development outbox, as a person would read it on their phone) and the few API
// calls the journeys make to set a scene.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type Response,
} from '@playwright/test';
import { adminCredentials } from '../playwright.config.js';
import { dayjs, zone } from './formats.js';

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export { adminCredentials, expect };

/** Contexts with JavaScript off (scriptlessPage): nothing there will mark the page ready. */
const scriptless = new WeakSet<BrowserContext>();

/** A page in a new context with JavaScript disabled, as a crawler or a script-less browser sees it. */
export async function scriptlessPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  scriptless.add(context);
  return context.newPage();
}

export const test = base.extend<{ consoleErrors: string[] }, { hydrated: void }>({
  // A public page arrives drawn by the server, before its script has taken it over: a click then
  // does nothing. Every page of the run (those a test opens itself too) waits after goto and
  // reload until the app marks <html data-ready>, as a person waits for a page to respond (the
  // app's pages only: not /docs).
  hydrated: [
    async ({ browser }, use) => {
      const probe = await browser.newPage();
      const pages = Object.getPrototypeOf(probe) as Page;
      await probe.context().close();
      const goto = pages.goto;
      const reload = pages.reload;
      async function ready(page: Page, response: Response | null) {
        const app =
          response?.headers()['content-type']?.startsWith('text/html') && (await page.locator('#root').count());
        if (app && !scriptless.has(page.context()))
          await page.locator('html[data-ready]').waitFor({ state: 'attached' });
        return response;
      }
      pages.goto = async function (this: Page, ...args: Parameters<Page['goto']>) {
        return ready(this, await goto.apply(this, args));
      };
      pages.reload = async function (this: Page, ...args: Parameters<Page['reload']>) {
        return ready(this, await reload.apply(this, args));
      };
      await use();
      Object.assign(pages, { goto, reload });
    },
    { scope: 'worker', auto: true },
  ],
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

/** Runs axe-core on the page; fails on serious or critical violations. */
export async function expectAccessible(page: Page) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe.run(document, {
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} — ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
  });
  expect(violations, violations.join('\n')).toEqual([]);
}

/** axe at 1280 and at 390 px (nothing wider than the phone), with a screenshot of each. */
export async function checkBothWidths(page: Page, name: string, outputPath: (file: string) => string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page);
  await page.screenshot({ path: outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

let phoneCounter = 0;
/** A fresh 10-digit phone number for this run and worker. */
export function newPhone(): string {
  const base = (Date.now() % 1e6) * 100 + ((process.pid + phoneCounter++) % 100);
  return `7${String(base).padStart(9, '0').slice(-9)}`;
}

export async function lastCode(request: APIRequestContext, to: string): Promise<string> {
  const response = await request.get(`/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  const body = (await response.json()) as { data: { code: string | null }[] };
  const code = body.data[0]?.code;
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

export interface MemberSession {
  token: string;
  user: { _id: string; name: string };
  phone: string;
  email: string;
}

/** Registers and signs a member in through the API. */
export async function createMemberSession(request: APIRequestContext, name = 'Test Customer'): Promise<MemberSession> {
  const phone = newPhone();
  const email = `m${phone}@example.com`;
  expect((await request.post('/v1/members/signup', { data: { name, email, phone } })).ok()).toBe(true);
  expect(
    (
      await request.post('/v1/auth/verify-otp', {
        data: { mobile: phone, otp: await lastCode(request, phone), flag: 'register' },
      })
    ).ok(),
  ).toBe(true);
  expect((await request.post('/v1/user/login/send-otp', { data: { mobile: phone } })).ok()).toBe(true);
  const login = await request.post('/v1/members/login', { data: { phone, otp: await lastCode(request, phone) } });
  const body = (await login.json()) as { token: string; data: { _id: string; name: string } };
  return { token: body.token, user: body.data, phone, email };
}

/** The seeded demo provider's phone. */
export const demoProviderPhone = '5550000002';

const phoneSessions = new Map<string, Promise<MemberSession>>();
/**
 * A seeded member signed in with the code texted to their phone, once per worker process and
 * phone (the server limits the codes sent to one phone); a failed sign-in is forgotten, so that a
 * retry signs in again.
 */
export function signInByPhone(request: APIRequestContext, phone: string): Promise<MemberSession> {
  let session = phoneSessions.get(phone);
  if (!session) {
    session = loginByPhone(request, phone);
    phoneSessions.set(phone, session);
    session.catch(() => phoneSessions.delete(phone));
  }
  return session;
}

/** The demo provider, signed in once per worker process. */
export const signInDemoProvider = (request: APIRequestContext) => signInByPhone(request, demoProviderPhone);

async function loginByPhone(request: APIRequestContext, phone: string): Promise<MemberSession> {
  expect((await request.post('/v1/user/login/send-otp', { data: { mobile: phone } })).ok()).toBe(true);
  const login = await request.post('/v1/members/login', { data: { phone, otp: await lastCode(request, phone) } });
  expect(login.ok()).toBe(true);
  const body = (await login.json()) as { token: string; data: { _id: string; name: string } };
  return { token: body.token, user: body.data, phone, email: '' };
}

/** The admin's token, signed in through the API. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/v1/auth/adminlogin', { data: { ...adminCredentials, remember: true } });
  return ((await response.json()) as { token: string }).token;
}

/** The header that calls the API as the holder of `token`. */
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The start times (`HH:mm`) a provider has free on a date (`YYYY-MM-DD`), for a job of `minutes` (one slot by default). */
export async function freeTimes(
  request: APIRequestContext,
  providerId: string,
  date: string,
  minutes?: number,
): Promise<string[]> {
  const url = `/v1/services/availableSlots/${providerId}?date=${date}${minutes ? `&minutes=${minutes}` : ''}`;
  return ((await (await request.get(url)).json()) as { data: string[] }).data;
}

/**
 * The first day from `from` days ahead (in the seeded providers' zone) with a time free for a job
 * of `minutes` (one slot by default), and its first free time.
 */
export async function freeSlot(request: APIRequestContext, providerId: string, from: number, minutes?: number) {
  for (let ahead = from; ahead < 90; ahead++) {
    const date = dayjs().tz(zone).add(ahead, 'day').format('YYYY-MM-DD');
    const times = await freeTimes(request, providerId, date, minutes);
    if (times.length) return { date, time: times[0]! };
  }
  throw new Error('no free day');
}

export interface Provider {
  _id: string;
  name: string;
}

/** A listed provider found by its name among the top providers. */
export async function providerNamed(request: APIRequestContext, name: string): Promise<Provider> {
  const body = (await (await request.get('/v1/services/topserviceprovider?limit=100')).json()) as {
    data: Provider[];
  };
  const found = body.data.find((p) => p.name === name);
  if (!found) throw new Error(`no provider ${name}`);
  return found;
}

/**
 * A cash request for the provider's first priced service (two hours of an hourly one), made by the
 * customer through the API at the first free time from `from` days ahead; its id.
 */
export async function bookByApi(
  request: APIRequestContext,
  customer: MemberSession,
  providerId: string,
  booking: { from: number; phone: string; address: string; description: string },
): Promise<string> {
  const prices = (
    (await (await request.get(`/v1/providers/${providerId}/prices`)).json()) as {
      data: { serviceId: string; unit: 'visit' | 'hour' }[];
    }
  ).data;
  const service = prices[0]!;
  const booked = await request.post('/v1/services/addbooking', {
    headers: auth(customer.token),
    data: {
      bookedby: customer.user._id,
      bookedto: providerId,
      serviceId: service.serviceId,
      ...(service.unit === 'hour' ? { hours: 2 } : {}),
      payment: 'cash',
      ...(await freeSlot(request, providerId, booking.from)),
      phone: booking.phone,
      address: booking.address,
      description: booking.description,
    },
  });
  expect(booked.ok(), await booked.text()).toBe(true);
  return ((await booked.json()) as { data: { _id: string } }).data._id;
}

/** The provider's booking dialog, opened from its page (of `serviceId` when given), on its first step. */
export async function openBookingDialog(page: Page, provider: Provider, serviceId?: string) {
  await page.goto(`/Services_booking?${serviceId ? `service=${serviceId}&` : ''}provider=${provider._id}`);
  await page.getByRole('button', { name: 'Book now' }).click();
  const dialog = page.getByRole('dialog', { name: `Book ${provider.name}` });
  await expect(dialog.getByText('Step 1 of 2: Details')).toBeVisible();
  return dialog;
}

/**
 * Stubs the page's window.print (a headless print dialog never closes); answers a reader of how
 * often printing was asked for since.
 */
export async function countPrints(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => {
      w.printed += 1;
    };
  });
  return () => page.evaluate(() => (window as unknown as { printed: number }).printed);
}

/** A review as the admin's rating list answers it. */
export interface RatingRow {
  _id: string;
  comment: string;
  hidden: boolean;
  rate_by: { name: string };
  rate_to: { _id: string; name: string };
}

/**
 * Puts a session in the browser before the first page script runs. Only once per tab: a later
 * reload keeps what the app stored since (a renamed member, a logout).
 */
async function storeOnce(page: Page, key: string, value: string) {
  await page.addInitScript(
    ([k, v]) => {
      if (sessionStorage.getItem(`e2e:${k}`)) return;
      localStorage.setItem(k!, v!);
      sessionStorage.setItem(`e2e:${k}`, '1');
    },
    [key, value],
  );
}

export async function signInMember(page: Page, member: MemberSession) {
  await storeOnce(page, 'doorstep.member', JSON.stringify({ token: member.token, user: member.user }));
}

export async function signInAdmin(page: Page, request: APIRequestContext) {
  const token = await adminToken(request);
  await storeOnce(page, 'doorstep.admin', JSON.stringify({ token, email: adminCredentials.email }));
}

/** The search box of the header, the home page and /Search. */
export const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search for a service or provider' });

/**
 * A day picked as a person does with the date picker: open it at the field's label, step through
 * the months by name to the day's, and press the day (`YYYY-MM-DD`).
 */
export async function pickDay(scope: Page | Locator, label: string, day: string) {
  // The button reads its label, then the day shown.
  await scope.getByRole('button', { name: new RegExp(`^${label} `) }).click();
  const calendar = scope.getByRole('dialog', { name: `${label}: calendar` });
  const heading = calendar.locator('[aria-live]');
  const months = Array.from({ length: 12 }, (_, m) => dayjs().month(m).format('MMMM'));
  const target = dayjs(day).year() * 12 + dayjs(day).month();
  for (;;) {
    const [name = '', year = ''] = ((await heading.textContent()) ?? '').split(' ');
    const shown = Number(year) * 12 + months.indexOf(name);
    if (shown === target) break;
    await calendar.getByRole('button', { name: shown < target ? 'Next month' : 'Previous month' }).click();
    await expect(heading).not.toHaveText(`${name} ${year}`);
  }
  await calendar.getByRole('button', { name: dayjs(day).format('dddd, MMMM D, YYYY'), exact: true }).click();
  await expect(calendar).toHaveCount(0);
}
