// An administrator turns two-step sign-in on from /admin/security (the QR code's key read off the
// page, the codes made as an authenticator app makes them), saves the recovery codes, and signs
// in with a code from the app and then with a recovery code. Turning it off takes a third code,
// which the clock gives only 30 seconds later: the server's tests cover it. A second
// administrator (playwright.config.ts) does it, so the other tests' one-step sign-in is untouched.
import { generate } from 'otplib';
import type { Page } from '@playwright/test';
import { twoStepAdmin } from '../playwright.config.js';
import { checkBothWidths, expect, test } from './fixtures.js';

/** The app's code for the current 30-second step, or the next one: both are inside the server's window. */
const appCode = (secret: string, ahead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * ahead });

async function signInWithPassword(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(twoStepAdmin.email);
  await page.getByLabel('Password').fill(twoStepAdmin.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function logout(page: Page) {
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('an administrator turns on two-step sign-in and signs in with the app, then a recovery code', async ({
  page,
  consoleErrors,
}, testInfo) => {
  await signInWithPassword(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Sign-in Security' }).click();
  await expect(page.getByRole('heading', { name: 'Sign-in security' })).toBeVisible();
  await expect(page.getByText('Two-step sign-in is off.')).toBeVisible();

  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code to add Doorstep to an authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await checkBothWidths(page, 'admin-security-setup', (file) => testInfo.outputPath(file));
  await page.getByLabel('Code from the app').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  // 000000 may be today's code once in a million runs: then the codes show and the next line fails loudly.
  await expect(page.getByText('This code is not right. Check the app and try again.')).toBeVisible();
  await page.getByLabel('Code from the app').fill(await appCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const codes = await page
    .getByRole('list', { name: 'Save your recovery codes' })
    .getByRole('listitem')
    .allInnerTexts();
  expect(codes).toHaveLength(10);
  await checkBothWidths(page, 'admin-security-codes', (file) => testInfo.outputPath(file));
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(page.getByText('Two-step sign-in is on.')).toBeVisible();
  await expect(page.getByText('10 unused recovery codes left.')).toBeVisible();
  await logout(page);

  // The password alone no longer signs in: the app's code follows.
  await signInWithPassword(page);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await checkBothWidths(page, 'admin-login-code', (file) => testInfo.outputPath(file));
  await page.getByLabel('Code from the app').fill(await appCode(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Logged In Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await logout(page);

  // Without the phone: a recovery code, once.
  await signInWithPassword(page);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/admin/security');
  await expect(page.getByText('9 unused recovery codes left.')).toBeVisible();
  // The refused code's 400 is the only console error.
  expect(consoleErrors.filter((line) => !line.includes('status of 400'))).toEqual([]);
});
