// The admin's support desk and content: a visitor's message answered by mail from /support, a
// seeded ticket answered and resolved on /ticketdetail, a broadcast from /notification that a
// member sees arrive, the FAQ managed at /faq (and /faq still public for a visitor), and the terms
// edited on /termscondition and read on the public page.
import type { Browser, Page } from '@playwright/test';
import {
  adminToken,
  auth,
  checkBothWidths,
  createMemberSession,
  expect,
  expectAccessible,
  signInAdmin,
  signInMember,
  test,
  type MemberSession,
} from './fixtures.js';
import { readDownload } from './xlsx.js';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Another person in a browser of their own; their console errors are kept. */
async function openAs(browser: Browser, errors: string[], member?: MemberSession): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  if (member) await signInMember(page, member);
  return page;
}

test('/support: a visitor’s message is answered by mail from ADD DETAILS and shows Replied', async ({
  page,
  request,
  consoleErrors,
}) => {
  const id = stamp();
  const email = `visitor.${id}@example.com`;
  const name = `Visitor ${id}`;

  // The visitor writes through the contact form.
  await page.goto('/ContactUs');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Message').fill('Do you have cleaners in San Antonio?');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Message send Successfully')).toBeVisible();

  // The admin finds it on /support, pending.
  await signInAdmin(page, request);
  await page.goto('/support');
  await expect(page.getByRole('heading', { name: 'Welcom Admin' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Support Listing', level: 2 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Support Listing' });
  for (const header of ['Name', 'Email', 'Message', 'Status'])
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  // Newest first: the visitor's message leads.
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText(email);
  await expect(row).toContainText('Pending');
  await expectAccessible(page);

  // Reply: 'ADD DETAILS' with the sender's email; both fields required.
  await row.getByRole('button', { name: `Reply to ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'ADD DETAILS' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await expect(dialog).toContainText('Do you have cleaners in San Antonio?');
  await expectAccessible(page);
  await dialog.getByLabel('Email').fill('');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await expect(dialog.getByText('Message is Required')).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Message').fill('Not yet, but San Antonio opens next month.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Sent Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Replied');

  // The mail went out (the development outbox keeps it).
  const outbox = (await (await request.get(`/v1/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    data: { subject: string; body: string }[];
  };
  expect(outbox.data).toHaveLength(1);
  expect(outbox.data[0]!.subject).toBe('Re: your message to Doorstep');
  expect(outbox.data[0]!.body).toContain('Not yet, but San Antonio opens next month.');

  // Still replied after a reload: the server keeps it.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Support Listing' }).getByRole('row').nth(1)).toContainText('Replied');
  expect(consoleErrors).toEqual([]);
});

test('/tickets and /ticketdetail: a seeded ticket answered and resolved', async ({ page, request, consoleErrors }) => {
  await signInAdmin(page, request);
  await page.goto('/tickets');
  await expect(page.getByRole('heading', { name: 'Ticket Listing', level: 2 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Ticket Listing' });
  for (const header of ['Email', 'Subject', 'Message', 'Status'])
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  await expect(table.getByText('In Progress').first()).toBeVisible();
  await expect(table.getByText('Resolved').first()).toBeVisible();
  await expectAccessible(page);

  // The status filter narrows the list on the server.
  await page.getByLabel('Status', { exact: true }).selectOption('resolved');
  await expect(page).toHaveURL(/status=resolved/);
  await expect(table.getByText('In Progress')).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: 'Wrong address on my booking' })).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('');

  // Open a pending ticket (the demo customer's: /userDetail's test reads Michael Johnson's as pending).
  const ticketRow = table.getByRole('row').filter({ hasText: 'Changing my phone number' });
  await expect(ticketRow).toContainText('In Progress');
  await ticketRow.getByRole('link', { name: 'View ticket: Changing my phone number' }).click();
  await expect(page).toHaveURL(/\/ticketdetail\?id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Ticket Detail', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Changing my phone number', level: 3 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Demo Customer' })).toBeVisible();
  await expect(page.getByText('No replies yet.')).toBeVisible();
  await expect(page.getByRole('article')).toContainText('In Progress');
  await expectAccessible(page);

  // The reply is required, then joins the thread as 'Admin'.
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Message is Required')).toBeVisible();
  await page.getByLabel('Your reply').fill('Update it on My profile; the new number needs a code.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Sent Successfully')).toBeVisible();
  const thread = page.getByRole('list').filter({ hasText: 'Update it on My profile' });
  await expect(thread.getByRole('listitem')).toHaveCount(1);
  await expect(thread.getByRole('listitem').first()).toContainText('Admin');
  await expect(page.getByLabel('Your reply')).toHaveValue('');

  // Resolve asks first, naming the ticket and its member; Keep it open changes nothing.
  await page.getByRole('button', { name: 'Resolve' }).click();
  const question = page.getByRole('dialog', { name: 'Resolve “Changing my phone number”?' });
  await expect(question).toContainText('Demo Customer is told the ticket is resolved. A reply opens it again.');
  await question.getByRole('button', { name: 'Keep it open' }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByRole('article')).toContainText('In Progress');
  // Resolved: the ticket shows Resolved and the button goes.
  await page.getByRole('button', { name: 'Resolve' }).click();
  await question.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByText('Ticket resolved')).toBeVisible();
  await expect(page.getByRole('article')).toContainText('Resolved');
  await expect(page.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
  await expect(page.getByText('This ticket is resolved. A reply opens it again.')).toBeVisible();

  // Back on the list, the row says Resolved.
  await page.getByRole('link', { name: 'Back to tickets' }).first().click();
  await expect(
    page
      .getByRole('table', { name: 'Ticket Listing' })
      .getByRole('row')
      .filter({ hasText: 'Changing my phone number' }),
  ).toContainText('Resolved');
  expect(consoleErrors).toEqual([]);
});

test('/ticketdetail without a valid ticket says so and leads back', async ({ page, request, consoleErrors }) => {
  await signInAdmin(page, request);
  await page.goto('/ticketdetail');
  await expect(page.getByText('This ticket link is not valid: it names no ticket.')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/ticketdetail?id=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('This ticket was not found.')).toBeVisible();
  await page.getByRole('alert').getByRole('link', { name: 'Back to tickets' }).click();
  await expect(page.getByRole('heading', { name: 'Ticket Listing' })).toBeVisible();
  // The only console note is the browser's own line about the 404 the test asked for.
  expect(consoleErrors.filter((line) => !line.includes('404'))).toEqual([]);
});

test('/notification: an empty message is refused, a broadcast asks first and reaches a member live', async ({
  page,
  request,
  browser,
  consoleErrors,
}, testInfo) => {
  const member = await createMemberSession(request, 'Broadcast Bea');
  const memberErrors: string[] = [];
  const memberPage = await openAs(browser, memberErrors, member);
  await memberPage.goto('/Notifications');
  await expect(memberPage.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();

  await signInAdmin(page, request);
  await page.goto('/notification');
  await expect(page.getByRole('heading', { name: 'Distribute Notification', level: 2 })).toBeVisible();
  await expect(page).toHaveTitle(/^Distribute Notification/);
  await expectAccessible(page);

  // Empty: 'Message is Required' and no call.
  let posted = 0;
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().includes('/transaction/sendDistributionNotification')) posted++;
  });
  await page.getByRole('button', { name: 'Post Now' }).click();
  await expect(page.getByText('Message is Required')).toBeVisible();
  expect(posted).toBe(0);

  const message = `Holiday hours ${stamp()}: bookings stay open all week.`;
  await page.getByLabel('Message').fill(message);
  // Post Now asks first, naming how many members the server counts (other journeys add members
  // meanwhile, so the number lies between two readings) and quoting the message.
  const token = await adminToken(request);
  const members = async () =>
    (
      (await (await request.get('/v1/admin/broadcasts/recipients', { headers: auth(token) })).json()) as {
        data: { members: number };
      }
    ).data.members;
  const before = await members();
  await page.getByRole('button', { name: 'Post Now' }).click();
  const question = page.getByRole('dialog', { name: /^Send this to [\d,]+ members\?$/ });
  await expect(question).toBeVisible();
  await expect(question.getByRole('blockquote')).toHaveText(message);
  const named = Number((await question.getByRole('heading').textContent())!.replace(/\D/g, ''));
  expect(named).toBeGreaterThanOrEqual(Math.max(before, 1));
  expect(named).toBeLessThanOrEqual(await members());
  await checkBothWidths(page, 'broadcast-question', (file) => testInfo.outputPath(file));
  // Cancel sends nothing and keeps the text.
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByLabel('Message')).toHaveValue(message);
  await expect(page.getByRole('table', { name: 'Sent notifications' })).not.toContainText(message);
  expect(posted).toBe(0);

  await page.getByRole('button', { name: 'Post Now' }).click();
  await question.getByRole('button', { name: 'Yes, post it' }).click();
  await expect(page.getByText('Sent Successfully')).toBeVisible();
  expect(posted).toBe(1);
  await expect(page.getByLabel('Message')).toHaveValue('');
  // The sent list shows it first, with who sent it.
  const sent = page.getByRole('table', { name: 'Sent notifications' });
  await expect(sent.getByRole('row').nth(1)).toContainText(message);
  await expect(sent.getByRole('row').nth(1)).toContainText('admin@doorstep.test');

  // The member's open page shows it without a reload.
  await expect(memberPage.getByText(message)).toBeVisible({ timeout: 15_000 });
  await memberPage.context().close();
  expect(consoleErrors).toEqual([]);
  expect(memberErrors).toEqual([]);
});

test('/faq as an admin: add, edit, export and delete; the public list follows', async ({
  page,
  request,
  browser,
  consoleErrors,
}) => {
  const title = `Can I tip my provider? ${stamp()}`;
  await signInAdmin(page, request);
  await page.goto('/faq');
  await expect(page.getByRole('heading', { name: 'Welcom Admin' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Common Questions', level: 2 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'FAQ', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  const table = page.getByRole('table', { name: 'Common Questions' });
  for (const header of ['#', 'Title', 'About', 'Action'])
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('1');
  await expectAccessible(page);

  // Add New: both fields required.
  await page.getByRole('button', { name: 'Add New' }).click();
  const add = page.getByRole('dialog', { name: 'Add FAQ' });
  await add.getByRole('button', { name: 'Submit' }).click();
  await expect(add.getByText('Title is required')).toBeVisible();
  await expect(add.getByText('About is required')).toBeVisible();
  await expectAccessible(page);
  await add.getByLabel('Title').fill(title);
  await add.getByLabel('About').fill('Tips are welcome but never expected.');
  await add.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Successfully Submitted!')).toBeVisible();
  await expect(add).toBeHidden();

  // Find it and edit it.
  await page.getByRole('searchbox').fill(title);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = table.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Tips are welcome but never expected.');
  await row.getByRole('button', { name: `Edit: ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit FAQ' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await edit.getByLabel('About').fill('Yes: add a tip in cash when the job is done.');
  await edit.getByRole('button', { name: 'Submit' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Yes: add a tip in cash when the job is done.');

  // Export to Excel: the filtered list, read back.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^faq-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(await readDownload(download)).toEqual([
    ['Title', 'About'],
    [title, 'Yes: add a tip in cash when the job is done.'],
  ]);

  // A visitor's /faq is the public list, with the new question.
  const visitorErrors: string[] = [];
  const visitor = await openAs(browser, visitorErrors);
  await visitor.goto('/faq');
  await expect(visitor.getByRole('heading', { name: 'Frequently Asked Questions', level: 1 })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Welcom Admin' })).toHaveCount(0);
  while (await visitor.getByRole('button', { name: 'Show more' }).isVisible())
    await visitor.getByRole('button', { name: 'Show more' }).click();
  await expect(visitor.getByText(title)).toBeVisible();
  await expectAccessible(visitor);

  // Delete, after the confirmation.
  await row.getByRole('button', { name: `Delete: ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete' });
  await expect(confirm).toContainText('Are you sure  you want to delete the record?');
  await confirm.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByText('User deleted successfully')).toBeVisible();
  await expect(page.getByText(`Nothing matches “${title}”.`)).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'Frequently Asked Questions', level: 1 })).toBeVisible();
  await expect(visitor.getByText(title)).toHaveCount(0);
  await visitor.context().close();
  expect(consoleErrors).toEqual([]);
  expect(visitorErrors).toEqual([]);
});

test('/termscondition edits the terms the public page shows; /privacypolicy shows the privacy text', async ({
  page,
  request,
  consoleErrors,
}) => {
  const words = `Providers are paid within 3 days. (${stamp()})`;
  await signInAdmin(page, request);
  await page.goto('/termscondition');
  await expect(page.getByRole('heading', { name: 'Terms of Use', level: 2 })).toBeVisible();
  await expect(page.getByText(/Doorstep/).first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Edit' }).click();
  const textarea = page.getByLabel('Text');
  await expect(textarea).toHaveValue(/Doorstep/);
  await textarea.fill('   ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter the text.')).toBeVisible();
  await expectAccessible(page);
  await textarea.fill(`Terms of Use\n\n${words}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully Submitted!')).toBeVisible();
  await expect(page.getByText(words)).toBeVisible();

  // The public page shows the new text at once (same tab, then a fresh load).
  await page.getByRole('link', { name: 'Open the public page' }).click();
  await expect(page.getByRole('heading', { name: 'Terms & Conditions', level: 1 })).toBeVisible();
  await expect(page.getByText(words)).toBeVisible();
  await page.reload();
  await expect(page.getByText(words)).toBeVisible();

  await page.goto('/privacypolicy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 2 })).toBeVisible();
  await expect(page.getByText(/Doorstep/).first()).toBeVisible();
  await expectAccessible(page);
  expect(consoleErrors).toEqual([]);
});
