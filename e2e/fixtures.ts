// Shared fixtures: console-error capture, the axe check, and sign-in through the real API (the
// code is read from the development outbox, as a person would read it on their phone).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { adminCredentials } from '../playwright.config.js';

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export { adminCredentials, expect };

export const test = base.extend<{ consoleErrors: string[] }>({
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
  const response = await request.post('/v1/auth/adminlogin', { data: { ...adminCredentials, remember: true } });
  const body = (await response.json()) as { token: string };
  await storeOnce(page, 'doorstep.admin', JSON.stringify({ token: body.token, email: adminCredentials.email }));
}
