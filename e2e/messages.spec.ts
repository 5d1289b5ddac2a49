// Two members message each other: A writes from /Messages_new?with=<B>, and B, with the page
// already open in another browser, sees it arrive without a reload, with the Messages link's
// unread badge and the notification 'New message from …' arriving live too; the bell does not
// count a message a second time.
import type { Browser, Page } from '@playwright/test';
import {
  auth,
  createMemberSession,
  expect,
  expectAccessible,
  signInMember,
  test,
  type MemberSession,
} from './fixtures.js';

/** A browser of its own for the member (another person, another device); its errors are kept. */
async function openAs(browser: Browser, member: MemberSession, errors: string[], width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width > 800 ? 800 : 844 } });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${member.user.name}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${member.user.name}: ${error.message}`));
  await signInMember(page, member);
  return page;
}

test('a message reaches the other member live: thread, list, badge and notifications', async ({
  browser,
  request,
}, testInfo) => {
  const ana = await createMemberSession(request, 'Ana Lima');
  const ben = await createMemberSession(request, 'Ben Cole');
  const errors: string[] = [];
  const pageA = await openAs(browser, ana, errors);
  const pageB = await openAs(browser, ben, errors);

  // B waits on the messages page, with no conversation yet.
  await pageB.goto('/Messages_new');
  await expect(pageB.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await expect(pageB.getByText('No conversations yet', { exact: false })).toBeVisible();
  await expect(pageB.getByRole('link', { name: 'Notifications, none unread' })).toBeVisible();

  // A starts the conversation from a link with B's id.
  await pageA.goto(`/Messages_new?with=${ben.user._id}`);
  await expect(pageA.getByRole('heading', { name: 'Ben Cole', level: 2 })).toBeVisible();
  await expect(pageA.getByText('No messages yet. Say hello!')).toBeVisible();
  const input = pageA.getByPlaceholder('Type your message here.......');
  await expect(input).toHaveAttribute('required', '');

  // Empty: the required message, and nothing is sent.
  await pageA.getByRole('button', { name: 'Send' }).click();
  await expect(pageA.getByRole('alert').filter({ hasText: 'Please enter your msg' })).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');

  await input.fill('Hi Ben, can you fix a leaking tap on Friday?');
  await pageA.getByRole('button', { name: 'Send' }).click();
  await expect(pageA.getByText('send Successfully')).toBeVisible();
  await expect(input).toHaveValue('');
  const threadA = pageA.getByRole('log');
  await expect(threadA.getByText('Hi Ben, can you fix a leaking tap on Friday?')).toBeVisible();
  // The list on A's side now holds the conversation.
  await expect(pageA.getByRole('navigation', { name: 'Conversations' }).getByText('Ben Cole')).toBeVisible();

  // B, without a reload: the conversation appears with its unread count, and the Messages link
  // counts one; the bell leaves messages to it.
  const listB = pageB.getByRole('navigation', { name: 'Conversations' });
  const conversation = listB.getByRole('link', { name: /Ana Lima/ });
  await expect(conversation).toBeVisible();
  await expect(conversation).toContainText('Hi Ben, can you fix a leaking tap on Friday?');
  await expect(conversation).toContainText('1 unread messages');
  // Sent today: its time, not the day.
  await expect(conversation).toContainText(/\d{1,2}:\d{2} (AM|PM)/);
  await expect(pageB.getByRole('link', { name: 'Messages 1 unread' })).toBeVisible();
  await expect(pageB.getByRole('link', { name: 'Notifications, none unread' })).toBeVisible();

  // B has the home page open in a second tab, which counts the message too.
  const otherTabB = await pageB.context().newPage();
  await otherTabB.goto('/');
  await expect(otherTabB.getByRole('link', { name: 'Messages 1 unread' })).toBeVisible();

  // B opens it and answers; A sees the answer arrive in the open thread.
  await conversation.click();
  await expect(pageB).toHaveURL(new RegExp(`with=${ana.user._id}`));
  await expect(pageB.getByRole('log').getByText('Hi Ben, can you fix a leaking tap on Friday?')).toBeVisible();
  await expect(conversation).not.toContainText('unread messages');
  // Read in one tab, read in the other, without a reload.
  await expect(otherTabB.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await otherTabB.close();
  await pageB
    .getByPlaceholder('Type your message here.......')
    .fill('Sure, Friday at 10 works. My prices: https://doorstep.test/providers/ben-cole.');
  await pageB.getByRole('button', { name: 'Send' }).click();
  await expect(threadA.getByText('Sure, Friday at 10 works.')).toBeVisible();
  // The address in it is a link, opened in a new tab; the sentence's full stop is not part of it.
  await expect(threadA.getByRole('link', { name: 'https://doorstep.test/providers/ben-cole' })).toHaveAttribute(
    'href',
    'https://doorstep.test/providers/ben-cole',
  );
  // Oldest at the top.
  const bubbles = threadA.getByRole('listitem');
  await expect(bubbles).toHaveCount(2);
  await expect(bubbles.first()).toContainText('Hi Ben');
  await expect(bubbles.last()).toContainText('Sure, Friday');

  await pageB.screenshot({ path: testInfo.outputPath('messages-1280.png'), fullPage: false });
  await expectAccessible(pageB);

  // B's notifications: the message notice was read with the conversation; the badge followed.
  await expect(pageB.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await expect(pageB.getByRole('link', { name: 'Notifications, none unread' })).toBeVisible();
  await pageB.getByRole('button', { name: 'Ben Cole' }).click();
  const menuItem = pageB.locator('.user-menu-list').getByRole('link', { name: 'Notifications', exact: true });
  await expect(menuItem).toBeVisible();
  await menuItem.click();
  await expect(pageB.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const notice = pageB.getByRole('listitem').filter({ hasText: 'New message from Ana Lima' });
  await expect(notice).toBeVisible();
  await expect(notice.getByText('Unread', { exact: true })).toHaveCount(0);
  await expectAccessible(pageB);

  // Another message arrives while the page is open: it shows up without a reload, unread.
  await pageB.screenshot({ path: testInfo.outputPath('notifications-1280.png') });
  await pageA.getByPlaceholder('Type your message here.......').fill('Great, see you then.');
  await pageA.getByRole('button', { name: 'Send' }).click();
  await expect(pageB.getByRole('listitem').filter({ hasText: 'New message from Ana Lima' })).toHaveCount(2);
  await expect(pageB.getByRole('link', { name: 'Messages 1 unread' })).toBeVisible();
  await expect(pageB.getByRole('link', { name: 'Notifications, none unread' })).toBeVisible();
  // A burst: while that one is unread, more messages from Ana add no notification.
  await pageA.getByPlaceholder('Type your message here.......').fill('Bring a ladder, please.');
  await pageA.getByRole('button', { name: 'Send' }).click();
  await expect(pageA.getByRole('log').getByText('Bring a ladder, please.')).toBeVisible();
  await expect(pageB.getByRole('listitem').filter({ hasText: 'New message from Ana Lima' })).toHaveCount(2);
  await expect(pageB.getByRole('link', { name: 'Messages 2 unread' })).toBeVisible();

  await pageB.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(pageB.getByText('Unread', { exact: true })).toHaveCount(0);
  await expect(pageB.getByRole('link', { name: 'Notifications, none unread' })).toBeVisible();
  await expect(pageB.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

  // The notice links back to the conversation.
  await pageB.getByRole('link', { name: 'Open conversation' }).first().click();
  await expect(pageB.getByRole('log').getByText('Great, see you then.')).toBeVisible();
  await expect(pageB.getByRole('log').getByText('Bring a ladder, please.')).toBeVisible();
  await expect(pageB.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();

  expect(errors).toEqual([]);
  await pageA.context().close();
  await pageB.context().close();
});

test('the Messages link counts unread messages live and reading the thread clears it, at both widths', async ({
  browser,
  request,
}, testInfo) => {
  const cat = await createMemberSession(request, 'Cat Badge');
  const dan = await createMemberSession(request, 'Dan Badge');
  const errors: string[] = [];
  for (const width of [1280, 390]) {
    const page = await openAs(browser, dan, errors, width);
    await page.goto('/Profiles');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
    await expect(header.getByTestId('unread-badge')).toHaveCount(0);

    // Two messages arrive while Dan is elsewhere: the badge counts them without a reload.
    for (const message of [`Hello at ${width}`, `Are you there at ${width}?`]) {
      const sent = await request.post('/v1/services/sendMessage', {
        headers: auth(cat.token),
        data: { toUser: dan.user._id, message },
      });
      expect(sent.ok(), await sent.text()).toBe(true);
    }
    const badged = header.getByRole('link', { name: 'Messages 2 unread' });
    await expect(badged).toBeVisible();
    await expect(badged.getByTestId('unread-badge')).toHaveText('2');
    await expect(header.getByRole('link', { name: 'Notifications, none unread' })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`messages-badge-${width}.png`) });

    // Reading the thread clears it.
    await page.goto(`/Messages_new?with=${cat.user._id}`);
    await expect(page.getByRole('log').getByText(`Are you there at ${width}?`)).toBeVisible();
    await expect(header.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
    await expect(header.getByTestId('unread-badge')).toHaveCount(0);
    await page.context().close();
  }
  expect(errors).toEqual([]);
});

test('on a phone the list and the thread are two views', async ({ browser, request }, testInfo) => {
  const ana = await createMemberSession(request, 'Ana Phone');
  const ben = await createMemberSession(request, 'Ben Phone');
  // A conversation to show, written through the API.
  const sent = await request.post('/v1/services/sendMessage', {
    headers: { authorization: `Bearer ${ana.token}` },
    data: { message: 'Hello from the API', toUser: ben.user._id },
  });
  expect(sent.ok()).toBe(true);

  const errors: string[] = [];
  const page = await openAs(browser, ben, errors, 390);
  await page.goto('/Messages_new');
  const list = page.getByRole('navigation', { name: 'Conversations' });
  await expect(list.getByRole('link', { name: /Ana Phone/ })).toBeVisible();
  await expect(page.getByPlaceholder('Type your message here.......')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('messages-390-list.png') });
  await expectAccessible(page);

  await list.getByRole('link', { name: /Ana Phone/ }).click();
  await expect(list).toBeHidden();
  await expect(page.getByRole('log').getByText('Hello from the API')).toBeVisible();
  await expect(page.getByPlaceholder('Type your message here.......')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('messages-390-thread.png') });
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(list).toBeVisible();

  await page.goto('/Notifications');
  await expect(page.getByRole('listitem').filter({ hasText: 'New message from Ana Phone' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('notifications-390.png') });
  await expectAccessible(page);
  expect(errors).toEqual([]);
  await page.context().close();
});

test('a long thread opens at the newest message and shows earlier ones on request', async ({ browser, request }) => {
  const ana = await createMemberSession(request, 'Ana Long');
  const ben = await createMemberSession(request, 'Ben Long');
  // 35 messages: one page of 30 and five earlier ones. Both write, turn about: one member may
  // send at most 30 messages a minute.
  for (let n = 1; n <= 35; n++) {
    const [from, to] = n % 2 === 1 ? [ana, ben] : [ben, ana];
    const sent = await request.post('/v1/services/sendMessage', {
      headers: { authorization: `Bearer ${from.token}` },
      data: { message: `Message number ${n}`, toUser: to.user._id },
    });
    expect(sent.ok()).toBe(true);
  }
  const errors: string[] = [];
  const page = await openAs(browser, ben, errors);
  await page.goto(`/Messages_new?with=${ana.user._id}`);
  const log = page.getByRole('log');
  await expect(log.getByText('Message number 35', { exact: true })).toBeInViewport();
  await expect(log.getByText('Message number 5', { exact: true })).toHaveCount(0);

  await log.getByRole('button', { name: 'Show earlier' }).click();
  await expect(log.getByText('Message number 1', { exact: true })).toBeAttached();
  await expect(log.getByRole('listitem')).toHaveCount(35);
  await expect(log.getByRole('listitem').first()).toContainText('Message number 1');
  await expect(log.getByRole('button', { name: 'Show earlier' })).toHaveCount(0);
  expect(errors).toEqual([]);
  await page.context().close();
});

test('a member starts a conversation with a provider they favourited, from the messages page', async ({
  page,
  request,
}) => {
  const fay = await createMemberSession(request, 'Fay Starter');
  const found = (await (await request.get('/v1/services/search?text=plumbing&limit=1')).json()) as {
    data: { user_id: { _id: string; name: string } }[];
  };
  const provider = found.data[0]?.user_id;
  if (!provider) throw new Error('The seed has no plumber');
  const liked = await request.post('/v1/services/addasfavorite', {
    headers: auth(fay.token),
    data: { liked_by: fay.user._id, liked_to: provider._id },
  });
  expect(liked.ok()).toBe(true);
  await signInMember(page, fay);

  await page.goto('/Messages_new');
  const start = page.getByRole('region', { name: 'Start a conversation' });
  await start.getByRole('link', { name: provider.name }).click();
  await expect(page).toHaveURL(`/Messages_new?with=${provider._id}`);
  await expect(page.getByRole('heading', { name: provider.name, level: 2 })).toBeVisible();
  await expectAccessible(page);
  await page.getByPlaceholder('Type your message here.......').fill('Hello, are you free next week?');
  await page.getByRole('button', { name: 'Send' }).click();

  // Written to, the provider is a conversation now, and nobody is left to start one with.
  await expect(start).toHaveCount(0);
  const conversations = page.getByRole('navigation', { name: 'Conversations' });
  await expect(conversations.getByRole('link', { name: new RegExp(provider.name) })).toContainText(
    'Hello, are you free next week?',
  );
});
