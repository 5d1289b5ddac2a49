// No one-click accidents in the back-office: a provider's status, a review's visibility and a
// withdraw request change only after a question that names them; Cancel changes nothing; what the
// server can set back offers Undo in the success toast, and what it cannot (a cancelled withdraw)
// offers none.
import type { APIRequestContext } from '@playwright/test';
import {
  adminToken,
  auth,
  checkBothWidths,
  createMemberSession,
  expect,
  expectAccessible,
  newPhone,
  type RatingRow,
  signInAdmin,
  test,
} from './fixtures.js';

/** A provider's status as the server holds it, read from the admin's list. */
async function vendorStatus(request: APIRequestContext, token: string, name: string): Promise<string | undefined> {
  const body = (await (
    await request.get(`/v1/admin/vendors?q=${encodeURIComponent(name)}`, { headers: auth(token) })
  ).json()) as { data: { name: string; status: string }[] };
  return body.data.find((row) => row.name === name)?.status;
}

test('/vendor: a status change asks first, naming the provider; Cancel keeps it; Undo sets it back', async ({
  page,
  request,
  consoleErrors,
}, testInfo) => {
  // A provider of this test's own (Active), so that no other journey sees it change.
  const token = await adminToken(request);
  const phone = newPhone();
  const name = `Connie Confirm ${phone.slice(-4)}`;
  const added = await request.post('/v1/users/adminAddVendor', {
    headers: auth(token),
    data: { UserName: name, phone, email: `connie${phone}@example.com` },
  });
  expect(added.ok()).toBe(true);
  const { _id } = ((await added.json()) as { data: { _id: string } }).data;
  expect(
    (await request.post('/v1/services/updateUserStatus', { headers: auth(token), data: { _id, status: '1' } })).ok(),
  ).toBe(true);

  await signInAdmin(page, request);
  await page.goto(`/vendor?q=${encodeURIComponent(name)}`);
  const table = page.getByRole('table', { name: 'Contractor Listing' });

  // The question names the provider and says what follows; Cancel changes nothing.
  await table.getByRole('button', { name: `Active: ${name}` }).click();
  const question = page.getByRole('dialog', { name: `Deactivate ${name}?` });
  await expect(question).toContainText('Customers will no longer find or book them until they are set Active again.');
  await expect(question.getByRole('button', { name: 'Deactivate', exact: true })).toBeVisible();
  await checkBothWidths(page, 'deactivate-provider', (file) => testInfo.outputPath(file));
  await question.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(question).toBeHidden();
  await expect(table.getByRole('button', { name: `Active: ${name}` })).toBeVisible();
  expect(await vendorStatus(request, token, name)).toBe('1');

  // Escape says no as well.
  await table.getByRole('button', { name: `Active: ${name}` }).click();
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  expect(await vendorStatus(request, token, name)).toBe('1');

  // Yes: the success alert, with Undo; the row and the server follow.
  await table.getByRole('button', { name: `Active: ${name}` }).click();
  await question.getByRole('button', { name: 'Deactivate', exact: true }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Status updated successfully' });
  await expect(toast).toBeVisible();
  await expect(table.getByRole('button', { name: `Deactive: ${name}` })).toBeVisible();
  expect(await vendorStatus(request, token, name)).toBe('0');
  await page.screenshot({ path: testInfo.outputPath('undo-toast-1280.png') });
  await expectAccessible(page);

  // Undo, from the keyboard: the provider is Active again.
  await toast.getByRole('button', { name: 'Undo' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `${name} is Active again.` })).toBeVisible();
  await expect(toast).toBeHidden();
  await expect(table.getByRole('button', { name: `Active: ${name}` })).toBeVisible();
  expect(await vendorStatus(request, token, name)).toBe('1');
  expect(consoleErrors).toEqual([]);
});

test('/ratings: hiding a review asks first, naming its customer and provider; Undo shows it again', async ({
  page,
  request,
  consoleErrors,
}) => {
  const token = await adminToken(request);
  const ratings = async (q?: string) =>
    (
      (await (
        await request.get(`/v1/admin/ratings?limit=100${q ? `&q=${encodeURIComponent(q)}` : ''}`, {
          headers: auth(token),
        })
      ).json()) as { data: RatingRow[] }
    ).data;
  const all = await ratings();
  // The oldest visible review with a comment of its own, of a provider other than the newest
  // review's (the one the ratings journey of admin-bookings works on).
  const newestProvider = all[0]?.rate_to._id;
  const rating = [...all]
    .reverse()
    .find(
      (r) =>
        !r.hidden &&
        r.rate_to._id !== newestProvider &&
        r.comment.length > 0 &&
        all.filter((o) => o.comment === r.comment).length === 1,
    );
  if (!rating) throw new Error('No visible review with a comment of its own.');
  const hidden = async () => (await ratings(rating.comment)).find((r) => r._id === rating._id)?.hidden;

  await signInAdmin(page, request);
  await page.goto(`/ratings?q=${encodeURIComponent(rating.comment)}`);
  const row = page.getByRole('table', { name: 'Ratings' }).getByRole('row').filter({ hasText: rating.comment });
  await expect(row).toContainText('Visible');

  await row.getByRole('button', { name: /^Hide/ }).click();
  const question = page.getByRole('dialog', {
    name: `Hide ${rating.rate_by.name}’s review of ${rating.rate_to.name}?`,
  });
  await expect(question).toContainText(
    'Customers will no longer see it, and it stops counting in the provider’s average.',
  );
  await expectAccessible(page);
  await question.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(row).toContainText('Visible');
  expect(await hidden()).toBe(false);

  await row.getByRole('button', { name: /^Hide/ }).click();
  await question.getByRole('button', { name: 'Hide', exact: true }).click();
  const toast = page.getByRole('status').filter({ hasText: 'The review is hidden from customers.' });
  await expect(toast).toBeVisible();
  await expect(row).toContainText('Hidden');
  expect(await hidden()).toBe(true);

  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The review is shown to customers again.' })).toBeVisible();
  await expect(row).toContainText('Visible');
  expect(await hidden()).toBe(false);
  expect(consoleErrors).toEqual([]);
});

test('/withdraw: cancelling a request asks first, naming the member; it cannot be undone', async ({
  page,
  request,
  consoleErrors,
}) => {
  // A member of this test's own with $30, who asks for $20.
  const token = await adminToken(request);
  const member = await createMemberSession(request, 'Wanda Withdraw');
  expect(
    (
      await request.post('/v1/transaction/addBalanceToUser', {
        headers: auth(token),
        data: { amount: '30', id: member.user._id },
      })
    ).ok(),
  ).toBe(true);
  expect(
    (await request.post('/v1/wallet/withdraw', { headers: auth(member.token), data: { amount: '20' } })).ok(),
  ).toBe(true);
  const awaiting = async () => {
    const body = (await (
      await request.get(`/v1/transaction/unapprovedTransactionList?q=${encodeURIComponent(member.email)}`, {
        headers: auth(token),
      })
    ).json()) as { data: { user: { email: string } }[] };
    return body.data.filter((row) => row.user.email === member.email).length;
  };
  expect(await awaiting()).toBe(1);

  await signInAdmin(page, request);
  await page.goto(`/withdraw?q=${encodeURIComponent(member.email)}`);
  const row = page.getByRole('table', { name: 'Withdraw Requests' }).getByRole('row').filter({ hasText: member.email });
  await expect(row).toContainText('$20.00');

  // Go back keeps the request.
  await row.getByRole('button', { name: /^Cancel withdraw request: / }).click();
  const question = page.getByRole('dialog', { name: 'Cancel withdraw request' });
  await expect(question).toContainText(
    `Cancel the withdraw of $20.00 for ${member.email}? The amount goes back to their wallet. This cannot be undone.`,
  );
  await expectAccessible(page);
  await question.getByRole('button', { name: 'Go back' }).click();
  await expect(question).toBeHidden();
  await expect(row).toContainText('Awaiting');
  expect(await awaiting()).toBe(1);

  // Yes: cancelled, and the toast offers no Undo.
  await row.getByRole('button', { name: /^Cancel withdraw request: / }).click();
  await question.getByRole('button', { name: 'Cancel request' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Withdraw request cancelled' });
  await expect(toast).toBeVisible();
  await expect(toast.getByRole('button')).toHaveCount(0);
  await expect(row).toHaveCount(0);
  expect(await awaiting()).toBe(0);
  expect(consoleErrors).toEqual([]);
});
