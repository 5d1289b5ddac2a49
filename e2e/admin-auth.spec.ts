// Admin sign-in, the shell with its sidebar, the dashboard counters and route protection.
import dayjs from 'dayjs';
import { adminCredentials, createMemberSession, expect, signInAdmin, signInMember, test, pickDay } from './fixtures.js';

const sidebar = [
  'Dashboard',
  'User Listing',
  'Contractor Listing',
  'Booking List',
  'Services Listing',
  'Banners',
  'Offers',
  'Support',
  'Notification',
  'FAQ',
  'Privacy Policy',
  'Term & Conditions',
];

test('admin login → dashboard with the counters → logout', async ({ page, consoleErrors }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.getByLabel('Email').fill(adminCredentials.email);
  await page.getByLabel('Password').fill(adminCredentials.password);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Logged In Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcom Admin' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin menu' });
  for (const entry of sidebar) await expect(nav.getByRole('link', { name: entry, exact: true })).toBeVisible();

  // The seed has members, providers, bookings and offers: the counters are real and non-zero.
  for (const label of ['Total Registered Users', 'Total Agents', 'Total Business', 'Total Coupons Active']) {
    await expect(page.getByText(label)).toBeVisible();
  }
  const users = page.getByRole('listitem').filter({ hasText: 'Total Registered Users' }).locator('span').last();
  await expect(users).not.toHaveText('0');

  // A range in the future (next month, two clicks away in the month grid) has no registrations.
  const from = dayjs().add(1, 'month').startOf('month').format('YYYY-MM-DD');
  await pickDay(page, 'From', from);
  await pickDay(page, 'To', dayjs().add(1, 'month').endOf('month').format('YYYY-MM-DD'));
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`startDate=${from}`));
  await expect(users).toHaveText('0');

  // Logout is in view on a laptop's screen, under the whole menu, without scrolling to it.
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeInViewport();
  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(consoleErrors).toEqual([]);
});

test('a wrong password says Logged In Failed; the form shows its validation messages', async ({ page }) => {
  await page.goto('/Loginpage');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('*Email is required')).toBeVisible();
  await expect(page.getByText('*Password is required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('*Must be a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(adminCredentials.email);
  await page.getByLabel('Password').fill('Wrong12345');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Logged In Failed')).toBeVisible();
  await expect(page).toHaveURL(/\/Loginpage$/);
});

test('a customer opening /dashboard is sent to /login', async ({ page, request }) => {
  const member = await createMemberSession(request);
  await signInMember(page, member);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});

test('/DashboardHome and /Sidebar lead to the dashboard', async ({ page, request }) => {
  await signInAdmin(page, request);
  await page.goto('/DashboardHome');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/Sidebar');
  await expect(page).toHaveURL(/\/dashboard$/);
});
