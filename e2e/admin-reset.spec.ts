// An administrator who forgot the password asks for a link from the sign-in page; the mail
// carries it; the link's page takes a new password twice and says plainly when a link no longer
// works. (Setting the password itself is in the server's tests: here it would end the sessions of
// the browser tests that run beside this one.)
import { adminCredentials, checkBothWidths, expect, expectAccessible, lastCode, test } from './fixtures.js';

test('the sign-in page leads to a reset link, mailed to the administrator; a broken or used link says so', async ({
  page,
  request,
  consoleErrors,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/admin\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Reset the administrator password' })).toBeVisible();
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('*Email is required')).toBeVisible();
  await expectAccessible(page);
  await checkBothWidths(page, 'admin-forgot', (file) => test.info().outputPath(file));
  await page.getByLabel('Email').fill(adminCredentials.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an administrator has this email, a link to set a new password is on its way. It works for 30 minutes, once.',
  );
  const token = await lastCode(request, adminCredentials.email);
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

  // The link's page: both fields checked, as the server checks them.
  await page.goto(`/admin/reset-password?token=${token}`);
  await expect(page.getByRole('heading', { name: 'Set a new administrator password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Newpassw0rd');
  await page.getByLabel('Confirm password').fill('Newpassw0rd1');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Password Does not Match')).toBeVisible();
  await expectAccessible(page);
  await checkBothWidths(page, 'admin-reset', (file) => test.info().outputPath(file));

  // A link that is not one, or no longer works, says so and offers a new one.
  await page.goto(`/admin/reset-password?token=${'x'.repeat(43)}`);
  await page.getByLabel('New password', { exact: true }).fill('Newpassw0rd');
  await page.getByLabel('Confirm password').fill('Newpassw0rd');
  await page.getByRole('button', { name: 'Save password' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    'This link is not valid any more: it was used, or its 30 minutes are over. Ask for a new one.',
  );
  await alert.getByRole('link', { name: 'Send link' }).click();
  await expect(page).toHaveURL(/\/admin\/forgot-password$/);
  await page.goto('/admin/reset-password');
  await page.getByLabel('New password', { exact: true }).fill('Newpassw0rd');
  await page.getByLabel('Confirm password').fill('Newpassw0rd');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('alert')).toContainText('This link is not complete. Open it again from the mail.');
  // The refused link answered 400 in the console; nothing else went wrong.
  expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
});
