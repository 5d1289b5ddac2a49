// A member registers by phone, signs in with the texted code, reaches /Home_new and logs out.
import { createMemberSession, expect, lastCode, newPhone, signInMember, test } from './fixtures.js';

test('register → code → login → /Home_new → logout', async ({ page, request, consoleErrors }) => {
  const phone = newPhone();
  await page.goto('/usersignup');
  await page.getByLabel('Name', { exact: true }).fill('Rita Gomez');
  await page.getByLabel('Email', { exact: true }).fill(`rita${phone}@example.com`);
  await page.getByLabel('Phone', { exact: true }).fill(phone);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(/\/userotp$/);
  const verify = page.getByRole('button', { name: 'Verify' });
  await expect(verify).toBeDisabled();
  await page.getByLabel(/6-digit code/).fill(await lastCode(request, phone));
  await verify.click();
  await expect(page.getByText('Signup successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/userlogin$/);

  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('OTP send successfully').last()).toBeVisible();
  await expect(page).toHaveURL(/\/loginotp$/);
  await page.getByLabel(/6-digit code/).fill(await lastCode(request, phone));
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL(/\/Home_new$/);
  await expect(page.getByText('Login successfully')).toBeVisible();
  const menu = page.getByRole('button', { name: /Rita Gomez/ });
  await menu.click();
  for (const item of ['Profile', 'My booking', 'History', 'Favorites', 'Notifications']) {
    await expect(page.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/Home$/);
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('doorstep.member'))).toBeNull();

  // The session is gone on the server too: /Home_new sends the visitor to sign in.
  await page.goto('/Home_new');
  await expect(page).toHaveURL(/\/userlogin$/);
  expect(consoleErrors).toEqual([]);
});

test("a wrong code is refused with 'OTP is invalid'", async ({ page, request }) => {
  const member = await createMemberSession(request);
  await page.goto('/userlogin');
  await page.getByLabel('Phone number').fill(member.phone);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/loginotp$/);
  const code = await lastCode(request, member.phone);
  await page.getByLabel(/6-digit code/).fill(code === '123456' ? '654321' : '123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('OTP is invalid').first()).toBeVisible();
  await expect(page).toHaveURL(/\/loginotp$/);
  // The right code then signs in, and the failure's toast goes with the success's.
  await page.getByLabel(/6-digit code/).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/Home_new$/);
  await expect(page.getByText('Login successfully')).toBeVisible();
  // Counted at once: the failure's toast would leave by itself a few seconds later.
  expect(await page.getByText('OTP is invalid').count()).toBe(0);
});

test('registration and login forms show their validation messages', async ({ page }) => {
  await page.goto('/usersignup');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Phone no. is required')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Email is invalid')).toBeVisible();

  await page.goto('/userlogin');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Phone no. is required')).toBeVisible();
});

test('a signed-in member sees their name on /Home_new', async ({ page, request }) => {
  const member = await createMemberSession(request, 'Sam Carter');
  await signInMember(page, member);
  await page.goto('/Home_new');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sam Carter');
  await expect(page.getByRole('button', { name: /Sam Carter/ })).toBeVisible();
  // A phone that was never registered is answered like any other (the answer must not tell who
  // has an account); no code comes, and a guessed one is refused.
  await page.goto('/userlogin');
  await page.getByLabel('Phone number').fill(newPhone());
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('OTP send successfully').last()).toBeVisible();
  await expect(page).toHaveURL(/\/loginotp$/);
  await page.getByLabel(/6-digit code/).fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('OTP is invalid').first()).toBeVisible();
  await expect(page).toHaveURL(/\/loginotp$/);
});
