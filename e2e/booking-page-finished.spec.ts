// A finished booking's page, at 1280 and 390 px. The customer of a completed job rates it from
// its page with the 'Give rate' dialog, and the page then shows the rating instead of Rate Now;
// Book again opens the booking dialog for the same provider, service and hours.
import {
  auth,
  bookByApi,
  createMemberSession,
  expect,
  expectAccessible,
  signInDemoProvider,
  signInMember,
  test,
} from './fixtures.js';

for (const [index, viewport] of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
].entries())
  test(`at ${viewport.width} px: a completed booking is rated and booked again from its page`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const customer = await createMemberSession(request, `Rita Rater ${viewport.width}`);
    const provider = await signInDemoProvider(request);
    const id = await bookByApi(request, customer, provider.user._id, {
      from: 40 + 5 * index,
      phone: customer.phone,
      address: '5 Rainey St, Austin, TX 78701',
      description: 'Clean the windows, please.',
    });
    // Accepted, its time passed (a development route moves it back), completed.
    const headers = auth(provider.token);
    expect((await request.post(`/v1/provider/jobs/${id}/accept`, { headers })).ok()).toBe(true);
    expect((await request.post(`/v1/dev/bookings/${id}/elapse`)).ok()).toBe(true);
    expect((await request.post(`/v1/provider/jobs/${id}/complete`, { headers })).ok()).toBe(true);
    const detail = (await (await request.get(`/v1/bookings/${id}`, { headers: auth(customer.token) })).json()) as {
      data: { service: { _id: string; title: string }; hours: number | null };
    };

    await signInMember(page, customer);
    await page.goto(`/bookings/${id}`);
    const actions = page.getByRole('region', { name: 'What you can do' });
    await expect(actions.getByRole('button', { name: 'Book again' })).toBeVisible();
    await actions.getByRole('button', { name: 'Rate Now' }).click();
    const rate = page.getByRole('dialog', { name: 'Give rate' });
    await rate.getByRole('radio', { name: '4 stars' }).check();
    await rate.getByLabel('Comment').fill('Spotless windows, on time.');
    await rate.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Rating send successfully')).toBeVisible();
    await expect(rate).toBeHidden();

    // The page shows the rating, and Rate Now has gone, also after a reload.
    await page.reload();
    await expect(actions.getByText('Your rating')).toBeVisible();
    await expect(actions.getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeVisible();
    await expect(actions.getByText('Spotless windows, on time.')).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Rate Now' })).toHaveCount(0);
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: test.info().outputPath(`rated-${viewport.width}.png`), fullPage: true });

    // Book again: the same provider, the same service and hours chosen already.
    await actions.getByRole('button', { name: 'Book again' }).click();
    const dialog = page.getByRole('dialog', { name: `Book ${provider.user.name}` });
    await expect(dialog.getByText('Step 1 of 2: Details')).toBeVisible();
    await expect(dialog.getByLabel('Service')).toHaveValue(detail.data.service._id);
    // The demo provider's first line is priced by the hour, booked for 2 (bookByApi).
    expect(detail.data.hours).toBe(2);
    await expect(dialog.getByLabel('Hours')).toHaveValue('2');
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`book-again-${viewport.width}.png`) });
    expect(consoleErrors).toEqual([]);
  });
