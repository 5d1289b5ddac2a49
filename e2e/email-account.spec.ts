// The template email account: sign-up as a provider, verify the 4-digit code, sign in, and the
// forgot-password flow in three stages.
import { expect, lastCode, newPhone, test } from './fixtures.js';

test('sign up → verify the email → log in with email and password', async ({ page, request, consoleErrors }) => {
  const phone = newPhone();
  const email = `pro${phone}@example.com`;
  await page.goto('/signup');
  await expect(page.getByLabel('Provider')).toBeChecked();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Enter your First Name')).toBeVisible();
  await expect(page.getByText('Enter your Last Name')).toBeVisible();

  await page.getByLabel('First Name').fill('Lena');
  await page.getByLabel('Last Name').fill('Ortiz');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone no.').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill('weakpass');
  await page.getByLabel('Confirm Password').fill('weakpass');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(
    page.getByText(
      '*Password must be a minimum of 8 alphanumeric characters, with at least 1 number, 1 character, 1 capital letter',
    ),
  ).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByLabel('Confirm Password').fill('Secret124');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('Secret123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Please accept terms')).toBeVisible();
  await page.getByRole('checkbox', { name: /I accept the/ }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/verify-account\?email=/);
  await expect(page.getByRole('timer')).toContainText('100');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('plese fill the otp').first()).toBeVisible();
  const code = await lastCode(request, email);
  expect(code).toMatch(/^\d{4}$/);
  await page.getByLabel(/4-digit code/).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL(/\/email-login/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await page.getByLabel('Password').fill('Secret123');
  await page.getByRole('button', { name: 'Login' }).click();
  // A new provider is led to complete its profile first (provider onboarding).
  await expect(page).toHaveURL(/\/provider\/profile$/);
  await expect(page.getByRole('button', { name: /Lena Ortiz/ })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('forgot password: email → code → new password → log in with it', async ({ page, request }) => {
  const phone = newPhone();
  const email = `reset${phone}@example.com`;
  const register = await request.post('/v1/auth/register', {
    data: {
      first_name: 'Omar',
      last_name: 'Reyes',
      email,
      mobile_no: phone,
      password: 'Secret123',
      password_again: 'Secret123',
      role: 'customer',
      terms: true,
    },
  });
  expect(register.ok()).toBe(true);
  await request.post('/v1/auth/verify-email', { data: { email, otpNumber: await lastCode(request, email) } });

  await page.goto('/email-login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel(/4-digit code/).fill('12');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Please enter complete OTP')).toBeVisible();
  await page.getByLabel(/4-digit code/).fill(await lastCode(request, email));
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL(/\/update-password\?/);
  await page.getByLabel('New password').fill('Newpass123');
  await page.getByLabel('Confirm password').fill('Newpass124');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password Does not Match').first()).toBeVisible();
  await page.getByLabel('Confirm password').fill('Newpass123');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password Changed Sucessfully')).toBeVisible();
  await expect(page).toHaveURL(/\/email-login/);

  await page.getByLabel('Password').fill('Secret123');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(
    page.getByText('These credentials do not match our records').or(page.getByText('Logged In Failed')).first(),
  ).toBeVisible();
  await page.getByLabel('Password').fill('Newpass123');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/Home_new$/);
});
