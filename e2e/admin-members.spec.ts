// The admin's member lists: /userlisting and /vendor with search, sort, pages, the status toggle
// refreshed in place, and Export to Excel opened and read.
import { createMemberSession, expect, expectAccessible, newPhone, signInAdmin, test } from './fixtures.js';
import { readDownload } from './xlsx.js';

test('/userlisting: search, sort, status toggle and the export of the filtered list', async ({
  page,
  request,
  consoleErrors,
}) => {
  const member = await createMemberSession(request, 'Listing Lara');
  await signInAdmin(page, request);
  await page.goto('/userlisting');
  await expect(page.getByRole('heading', { name: 'Welcom Admin' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'User Listing' })).toBeVisible();
  const table = page.getByRole('table', { name: 'User Listing' });
  for (const header of ['#', 'User Name', 'Email', 'Phone', 'Status'])
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  // Newest first: the member just created leads the list.
  await expect(table.getByRole('row').nth(1)).toContainText('Listing Lara');
  await expectAccessible(page);

  // Search narrows the list to the one member, and the URL keeps it.
  await page.getByRole('searchbox').fill('Listing Lara');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=Listing\+Lara/);
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: 'Listing Lara' });
  await expect(row).toContainText(member.phone);

  // Active → Deactive, refreshed in place, and stored on the server.
  await row.getByRole('button', { name: 'Active: Listing Lara' }).click();
  await page
    .getByRole('dialog', { name: 'Deactivate Listing Lara?' })
    .getByRole('button', { name: 'Deactivate', exact: true })
    .click();
  await expect(page.getByText('Status updated successfully')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Deactive: Listing Lara' })).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'User Listing' }).getByRole('button', { name: 'Deactive: Listing Lara' }),
  ).toBeVisible();

  // The export is the filtered list.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const rows = await readDownload(download);
  expect(rows[0]).toEqual(['User Name', 'Email', 'Phone', 'Status', 'Blocked', 'Join Date']);
  expect(rows).toHaveLength(2);
  expect(rows[1]!.slice(0, 4)).toEqual(['Listing Lara', member.email, member.phone, 'Deactive']);

  // Clearing the search and sorting by name: the seed's customers, A first, over pages.
  await page.goto('/userlisting?sort=name&order=asc');
  await expect(page.getByRole('columnheader', { name: 'User Name' })).toHaveAttribute('aria-sort', 'ascending');
  const names = await page
    .getByRole('table', { name: 'User Listing' })
    .getByRole('row')
    .locator('td:nth-child(2)')
    .allTextContents();
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  expect(consoleErrors).toEqual([]);
});

test('/vendor lists the providers, 20 a page, with the next page', async ({ page, request }) => {
  await signInAdmin(page, request);
  await page.goto('/vendor');
  await expect(page.getByRole('heading', { name: 'Contractor Listing' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Contractor Listing' });
  await expect(table.getByRole('row')).toHaveCount(21);
  await expect(page.getByText(/^1–20 of \d+$/)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^21–\d+ of \d+$/)).toBeVisible();
  await expectAccessible(page);
});

test('/vendor: Add Provider checks the fields, adds a Deactive provider, and /vendorDetail corrects it', async ({
  page,
  request,
  consoleErrors,
}) => {
  const phone = newPhone();
  await signInAdmin(page, request);
  await page.goto('/vendor');
  await page.getByRole('button', { name: 'Add Provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Provider' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Phone no. is required')).toBeVisible();
  await expectAccessible(page);

  await dialog.getByLabel('User Name').fill('Dora Drywall');
  await dialog.getByLabel('Phone').fill(phone);
  await dialog.getByLabel('Email').fill(`dora${phone}@example.com`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Provider added. They start as Deactive until you set them Active.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const table = page.getByRole('table', { name: 'Contractor Listing' });
  await expect(table.getByRole('row').nth(1)).toContainText('Dora Drywall');
  await expect(table.getByRole('button', { name: 'Deactive: Dora Drywall' })).toBeVisible();

  await table.getByRole('link', { name: 'Dora Drywall' }).click();
  await expect(page.getByRole('heading', { name: 'Dora Drywall' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Provider' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Provider' });
  await expect(edit.getByLabel('Phone')).toHaveValue(phone);
  await edit.getByLabel('User Name').fill('Dora Walls');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully Submitted!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dora Walls' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
