// The admin's catalogue: a service added with a real image, edited, seen on the customer home and
// deleted after the confirmation; a banner and an offer (with both images) added and deleted; a
// list exported and read back; a seeded service's providers on /servicesDetail; a trade word added
// there finds the service's providers in the customer's search, and removed stops finding them.
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { adminCredentials, expect, expectAccessible, signInAdmin, test } from './fixtures.js';
import { readDownload } from './xlsx.js';

/** A real picture, as a person would pick it from their disk. */
async function picture(name: string, format: 'png' | 'jpeg', colour: { r: number; g: number; b: number }) {
  const image = sharp({ create: { width: 160, height: 120, channels: 3, background: colour } });
  const buffer = await (format === 'png' ? image.png() : image.jpeg()).toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

/** The image has really loaded (a broken one has no natural width). */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

const unique = () => String(Date.now()).slice(-6);

/** A column header by its words; a sortable one is named by its sort button ('Sort by Name'). */
const header = (name: string) => ({ name: new RegExp(`^(Sort by )?${name}$`) });

/** /servicesDetail of a service, reached as an administrator does: from its title in the listing. */
async function openServiceDetail(page: Page, title: string) {
  await page.goto('/services');
  await page.getByRole('table', { name: 'Services Listing' }).getByRole('link', { name: title, exact: true }).click();
}

async function confirmDelete(page: Page) {
  const confirm = page.getByRole('dialog', { name: 'Delete' });
  await expect(confirm).toContainText('Are you sure  you want to delete the record?');
  await confirm.getByRole('button', { name: 'Yes, delete' }).click();
}

test('/services: add a service with its image, edit it, the customer home shows it, delete it', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  const title = `Window Washing ${unique()}`;
  const renamed = title.replace('Washing', 'Cleaning');
  await signInAdmin(page, request);
  await page.goto('/Services');
  await expect(page.getByRole('heading', { name: 'Welcom Admin' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Services Listing' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Services Listing' });
  for (const name of ['Title', 'Image', 'Providers', 'Action'])
    await expect(table.getByRole('columnheader', header(name))).toBeVisible();
  await expectLoaded(table.getByRole('img', { name: 'Cleaning', exact: true }));
  await expectAccessible(page);

  // The modal checks what the server checks: the title and the image are required.
  await page.getByRole('button', { name: 'Add Service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Service' });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Please enter title')).toBeVisible();
  await expect(dialog.getByText('Please choose an image.')).toBeVisible();
  await dialog
    .getByLabel('Image')
    .setInputFiles({ name: 'notes.png', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(dialog.getByText('Please choose a JPEG, PNG or WebP image.')).toBeVisible();
  await expectAccessible(page);

  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Image').setInputFiles(await picture('window.png', 'png', { r: 14, g: 116, b: 144 }));
  await expectLoaded(dialog.getByRole('img', { name: 'Image preview' }));
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Successfully Submitted!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Refreshed in place, with the uploaded image served.
  const row = table.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expectLoaded(row.getByRole('img', { name: title }));
  await expect(row.getByRole('cell').nth(2)).toHaveText('0');

  // Edit: the title changes, the image stays.
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Service' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await expectLoaded(edit.getByRole('img', { name: 'Current image' }));
  await edit.getByLabel('Title').fill(renamed);
  await edit.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Successfully Submitted!').first()).toBeVisible();
  const renamedRow = table.getByRole('row').filter({ hasText: renamed });
  await expect(renamedRow).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: title })).toHaveCount(0);

  // A customer's home shows the new category at once, with its image.
  const customer = await browser.newPage();
  await customer.goto('/');
  await expectLoaded(customer.getByRole('img', { name: renamed }));

  // Delete: asked first; Cancel keeps it.
  await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
  await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(renamedRow).toHaveCount(1);
  await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
  await confirmDelete(page);
  await expect(page.getByText('User deleted successfully')).toBeVisible();
  await expect(renamedRow).toHaveCount(0);

  await customer.reload();
  await expectLoaded(customer.getByRole('img', { name: 'Cleaning', exact: true }));
  await expect(customer.getByRole('img', { name: renamed })).toHaveCount(0);
  await customer.close();
  expect(consoleErrors).toEqual([]);
});

test('/banners: add a banner with its image and delete it', async ({ page, request, consoleErrors }) => {
  const title = `Autumn deals ${unique()}`;
  await signInAdmin(page, request);
  await page.goto('/banners');
  await expect(page.getByRole('heading', { name: 'Banners' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Banners' });
  for (const name of ['Title', 'Image', 'Action'])
    await expect(table.getByRole('columnheader', header(name))).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add Banner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Banner' });
  await dialog.getByLabel('Image').setInputFiles(await picture('autumn.jpg', 'jpeg', { r: 180, g: 83, b: 9 }));
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Please enter title')).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Successfully Submitted!')).toBeVisible();

  // Newest first: the new banner leads the list.
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText(title);
  await expectLoaded(row.getByRole('img', { name: title }));

  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await confirmDelete(page);
  await expect(page.getByText('Deleted successfully')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Banners' }).getByRole('row').nth(1)).not.toContainText(title);
  expect(consoleErrors).toEqual([]);
});

test('/offers: add an offer with both images, export the list, delete the offer', async ({
  page,
  request,
  consoleErrors,
}) => {
  const title = `Gutter clean ${unique()}`;
  await signInAdmin(page, request);
  await page.goto('/offers');
  await expect(page.getByRole('heading', { name: 'Offers' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Offers' });
  for (const name of ['Name', 'Title', 'Image', 'About Image', 'Amount', 'Offer', 'Action'])
    await expect(table.getByRole('columnheader', header(name))).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add Offer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Offer' });
  await dialog.getByLabel('Name', { exact: true }).fill('Fall special');
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Amount').fill('49.999');
  await dialog.getByLabel('Offer', { exact: true }).fill('15% off gutter cleaning');
  await dialog
    .getByLabel('Image', { exact: true })
    .setInputFiles(await picture('gutter.png', 'png', { r: 21, g: 128, b: 61 }));
  await dialog.getByLabel('About Image').setInputFiles(await picture('about.jpg', 'jpeg', { r: 30, g: 64, b: 175 }));
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('The amount can have at most 2 decimals.')).toBeVisible();
  await dialog.getByLabel('Amount').fill('49.99');
  await expectLoaded(dialog.getByRole('img', { name: 'About Image preview' }));
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Successfully Submitted!')).toBeVisible();

  const row = table.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Fall special');
  await expect(row).toContainText('$49.99');
  await expect(row).toContainText('15% off gutter cleaning');
  await expectLoaded(row.getByRole('img', { name: title, exact: true }));
  await expectLoaded(row.getByRole('img', { name: `About Image: ${title}` }));

  // The export of the searched list holds the offer, its amount in dollars.
  await page.getByRole('searchbox').fill(title);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^offers-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const rows = await readDownload(download);
  expect(rows[0]).toEqual(['Name', 'Title', 'Image', 'About Image', 'Amount', 'Offer', 'Status', 'Created']);
  expect(rows).toHaveLength(2);
  expect(rows[1]!.slice(0, 2)).toEqual(['Fall special', title]);
  expect(rows[1]![2]).toMatch(/^\/uploads\/offers\/.+\.webp$/);
  expect(rows[1]![3]).toMatch(/^\/uploads\/offers\/.+\.webp$/);
  expect(rows[1]!.slice(4, 7)).toEqual([49.99, '15% off gutter cleaning', 'Active']);

  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await confirmDelete(page);
  await expect(page.getByText('Deleted successfully')).toBeVisible();
  await expect(page.getByText(`Nothing matches “${title}”.`)).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('/servicesDetail: a seeded service and its providers; a wrong id leads back', async ({
  page,
  request,
  consoleErrors,
}) => {
  await signInAdmin(page, request);
  await openServiceDetail(page, 'Cleaning');
  await expect(page).toHaveURL(/\/servicesDetail\?id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Services Detail' })).toBeVisible();
  await expect(page).toHaveTitle(/^Services Detail/);
  await expectLoaded(page.getByRole('img', { name: 'Cleaning', exact: true }));
  await expect(page.getByRole('definition').filter({ hasText: 'Active' })).toBeVisible();

  const providers = page.getByRole('table', { name: 'Providers' });
  for (const name of ['User Name', 'Email', 'Phone', 'Status', 'Rating'])
    await expect(providers.getByRole('columnheader', header(name))).toBeVisible();
  const count = await providers.getByRole('row').count();
  expect(count).toBeGreaterThan(1);
  await expect(page.getByText(new RegExp(`^1–${count - 1} of ${count - 1}$`))).toBeVisible();
  await expectAccessible(page);

  // Sorted by rating, best first; the URL keeps the service.
  await providers.getByRole('button', { name: 'Sort by Rating' }).click();
  await providers.getByRole('button', { name: 'Sort by Rating' }).click();
  await expect(page).toHaveURL(/id=.*sort=rating&order=desc/);
  // The previous order stays on screen (aria-busy) until the new page has arrived.
  await expect(providers).not.toHaveAttribute('aria-busy', 'true');
  const ratings = (await providers.getByRole('row').locator('td:nth-child(5)').allTextContents()).map((cell) =>
    Number.parseFloat(cell),
  );
  expect(ratings).toEqual([...ratings].sort((a, b) => b - a));

  await page.goto('/servicesDetail');
  await expect(page.getByText('Choose a service from the Services Listing to see its details.')).toBeVisible();
  await page.goto('/servicesDetail?id=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('This service was not found.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Services Listing' }).click();
  await expect(page.getByRole('heading', { name: 'Services Listing' })).toBeVisible();
  // The 404 of the unknown id is the one console error a browser logs for it.
  expect(consoleErrors.filter((error) => !error.includes('404'))).toEqual([]);
});

test('over real HTTP, an offer with a too-large about image gets the 413 message and is not added', async ({
  request,
}) => {
  const login = await request.post('/v1/auth/adminlogin', { data: { ...adminCredentials, remember: true } });
  const { token } = (await login.json()) as { token: string };
  const title = `Too big ${unique()}`;
  const big = Buffer.alloc(6 * 1024 * 1024);
  (await picture('big.png', 'png', { r: 1, g: 2, b: 3 })).buffer.copy(big);
  const res = await request.post('/v1/services/offer', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      name: 'Big',
      title,
      amount: '5',
      offer: 'Too big',
      image: await picture('ok.png', 'png', { r: 9, g: 9, b: 9 }),
      aboutimage: { ...(await picture('big.png', 'png', { r: 1, g: 2, b: 3 })), buffer: big },
    },
  });
  expect(res.status()).toBe(413);
  expect(await res.json()).toEqual({
    status: 0,
    code: 'too_large',
    requestId: expect.any(String),
    message: 'The image must be at most 5 MB.',
  });
  const list = await request.get(`/v1/admin/offers?q=${encodeURIComponent(title)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await list.json()) as { meta: { total: number } }).meta.total).toBe(0);
});

test('/servicesDetail: a trade word added finds the service’s providers in search; removed, it stops', async ({
  page,
  request,
  browser,
  consoleErrors,
}) => {
  const word = `sparkler${unique()}`;
  const customer = await browser.newPage();
  const results = customer.getByRole('list', { name: /^Results for/ }).getByRole('listitem');
  await customer.goto(`/Search?q=${word}`);
  await expect(customer.getByText(`No provider matches “${word}”. Try another service or name.`)).toBeVisible();

  await signInAdmin(page, request);
  await openServiceDetail(page, 'Cleaning');
  const words = page.getByRole('region', { name: 'Trade words' });
  // The seed's words for the service.
  await expect(words.getByRole('listitem').filter({ hasText: /^maid/ })).toBeVisible();
  const field = words.getByRole('textbox', { name: 'Trade word' });
  await words.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(words.getByText('Please enter a trade word.')).toBeVisible();
  await field.fill('leak under the sink');
  await words.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(words.getByText('A trade word can be at most 3 words.')).toBeVisible();
  await field.fill('Maid');
  await words.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(words.getByText('This service already has that trade word.')).toBeVisible();
  await field.fill(` ${word.toUpperCase()} `);
  await words.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(`Customers searching for “${word}” now find this service.`)).toBeVisible();
  await expect(words.getByRole('listitem').filter({ hasText: word })).toBeVisible();
  await expect(field).toHaveValue('');
  await expectAccessible(page);

  await customer.reload();
  await expect(results.first()).toBeVisible();
  expect(await results.count()).toBeGreaterThan(1);

  await words.getByRole('button', { name: `Remove ${word}` }).click();
  await expect(page.getByText(`“${word}” no longer finds this service.`)).toBeVisible();
  await expect(words.getByRole('listitem').filter({ hasText: word })).toHaveCount(0);
  await customer.reload();
  await expect(customer.getByText(`No provider matches “${word}”. Try another service or name.`)).toBeVisible();
  // Undo in the toast puts it back.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(words.getByRole('listitem').filter({ hasText: word })).toBeVisible();
  await customer.close();
  // The repeated word's 409, and nothing else.
  expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
});
