// Every route of the walking skeleton renders its screen without console errors and with no
// serious or critical axe-core violation.
import { createMemberSession, expect, expectAccessible, signInAdmin, signInMember, test } from './fixtures.js';

const publicRoutes: [string, string | RegExp][] = [
  ['/', 'Home services on demand'],
  ['/Home', 'Home services on demand'],
  ['/AboutUs', /./],
  ['/ContactUs', 'Contact Us'],
  ['/Privacy_Policy', 'Privacy Policy'],
  ['/terms_conditions', 'Terms & Conditions'],
  ['/Faqs', 'Frequently Asked Questions'],
  ['/userlogin', 'Login'],
  ['/usersignup', 'Register'],
  ['/signup', 'Sign Up'],
  ['/email-login', /./],
  ['/forgot-password', /./],
  ['/email-sent', /./],
  ['/verify-account?email=someone%40example.com', /./],
  ['/update-password?email=someone%40example.com&otpNumber=1234', /./],
  ['/loginotp', /./],
  ['/userotp', /./],
  ['/login', 'Admin Login'],
  ['/Loginpage', 'Admin Login'],
  ['/providers/priya-raman-austin', 'Priya Raman'],
  ['/services/plumbing/dallas', 'Plumbing in Dallas'],
];

for (const [path, heading] of publicRoutes) {
  test(`public ${path}`, async ({ page, consoleErrors }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });
}

// A page that names nothing: the server answers 404 (and so does the provider read behind a
// provider's page), which the browser reports in its console; nothing else may be there.
for (const path of ['/no-such-page', '/providers/nobody-austin', '/services/gardening/austin']) {
  test(`public ${path} names nothing`, async ({ page, consoleErrors }) => {
    expect((await page.goto(path))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
    expect(consoleErrors.filter((error) => !error.includes('status of 404'))).toEqual([]);
  });
}

test('member /Home_new', async ({ page, request, consoleErrors }) => {
  await signInMember(page, await createMemberSession(request, 'Axe Tester'));
  await page.goto('/Home_new');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Axe Tester');
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
  await page.getByRole('button', { name: /Axe Tester/ }).click();
  await expectAccessible(page);
  expect(consoleErrors).toEqual([]);
});

for (const path of ['/dashboard', '/DashboardHome']) {
  test(`admin ${path}`, async ({ page, request, consoleErrors }) => {
    await signInAdmin(page, request);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Welcom Admin' })).toBeVisible();
    await expect(page.getByText('Total Registered Users')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });
}
