// @vitest-environment happy-dom
// The booking dialog's checkout on the real server: a member chooses a service and a free time,
// reviews the price and books; a refusal shows where it belongs — the time taken meanwhile back on
// the details step at the time, a wallet emptied meanwhile on the review at the payment.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, expect, test } from 'vitest';
import { shiftDay } from '../../../contract/format.js';
import {
  bookingText as t,
  checkoutFormText as c,
  checkoutText,
  datePickerText,
  notice,
  text,
} from '../../../contract/messages.js';
import { fill, routes } from '../../../contract/paths.js';
import { bookingEndpoints } from '../../../contract/endpoints/bookings.js';
import {
  createBooking,
  createCategory,
  createDeposit,
  createMember,
  createProvider,
  createWithdrawal,
} from '../../test/factories.js';
import { call } from '../../lib/api.js';
import { clockTime, fullDayName, isoDay, monthName } from '../../lib/dates.js';
import { findToast, renderScreen, signInMember, startTestServer } from '../../test/harness.js';
import CheckoutDialog from './CheckoutDialog.js';

const server = startTestServer();

// A day a few days ahead, inside the provider's default hours (09:00–18:00 every day).
const day = shiftDay(isoDay(new Date()), 3);
const time = '10:00';
const address = '1100 Congress Ave, Austin, TX 78701';

let member: { id: string; name: string; phone: string | null };
let provider: { _id: string; name: string };

beforeEach(async () => {
  const { db } = server();
  const plumbing = await createCategory(db, { title: 'Plumbing' });
  const painting = await createCategory(db, { title: 'Painting' });
  // Two services at the charges of a visit ($45.00); the platform's fee is 10% by default.
  const user = await createProvider(db, { name: 'Pat Plumber', categoryIds: [plumbing.id, painting.id] });
  provider = { _id: user.id, name: user.name };
  member = await createMember(db, { name: 'Casey Customer' });
  await signInMember(server(), member);
});

function openCheckout() {
  const drawn = renderScreen(
    <CheckoutDialog
      title={`${t.bookTitle} ${provider.name}`}
      memberId={member.id}
      provider={provider}
      serviceId={null}
      slot={null}
      hours={null}
      onClose={() => {}}
    />,
  );
  return { ...drawn, dialog: screen.getByRole('dialog', { name: `${t.bookTitle} ${provider.name}` }) };
}

/** The details step, filled as a member would: the service, a day from the grid, a free time, where and what. */
async function fillDetails(user: UserEvent, dialog: HTMLElement) {
  await user.selectOptions(
    await within(dialog).findByRole('combobox', { name: c.service }),
    'Plumbing — $45.00 / visit',
  );
  await user.click(within(dialog).getByRole('button', { name: new RegExp(`^${t.selectDate} `) }));
  const grid = within(dialog).getByRole('dialog', { name: `${t.selectDate}: calendar` });
  if (!within(grid).queryByText(monthName(day.slice(0, 7))))
    await user.click(within(grid).getByRole('button', { name: datePickerText.nextMonth }));
  await user.click(within(grid).getByRole('button', { name: fullDayName(day) }));
  await user.click(await within(dialog).findByRole('radio', { name: clockTime(time) }));
  // The account's phone is there to start with.
  await waitFor(() =>
    expect(within(dialog).getByRole('textbox', { name: t.phoneNumber })).toHaveProperty('value', member.phone),
  );
  await user.type(within(dialog).getByRole('combobox', { name: t.location }), address);
  await user.type(within(dialog).getByRole('textbox', { name: t.description }), 'The kitchen sink leaks.');
}

/** The amount beside a line of the review's price (the line's name starts its term). */
function priceLine(dialog: HTMLElement, name: string) {
  const price = within(dialog).getByRole('region', { name: c.price });
  const term = within(price)
    .getAllByRole('term')
    .find((dt) => dt.textContent?.startsWith(name));
  return term?.nextElementSibling?.textContent;
}

test('a service and a free time chosen, the review shows the price with the fee, and Confirm books it', async () => {
  const { user, dialog, router } = openCheckout();
  await fillDetails(user, dialog);
  await user.click(screen.getByRole('button', { name: c.continue }));

  expect(await within(dialog).findByText(c.step(2, 2, c.stepReview))).toBeTruthy();
  const booking = within(dialog).getByRole('region', { name: c.yourBooking });
  expect(within(booking).getByText('Plumbing')).toBeTruthy();
  expect(within(booking).getByText(address)).toBeTruthy();
  expect(within(booking).getByText(clockTime(time))).toBeTruthy();
  await waitFor(() => expect(priceLine(dialog, c.total)).toBe('$49.50'));
  expect(priceLine(dialog, c.serviceLine)).toBe('$45.00');
  expect(priceLine(dialog, c.platformFee)).toBe('$4.50');
  expect(within(dialog).getByRole('radio', { name: c.payCash })).toHaveProperty('checked', true);
  // Nothing in the wallet (once it is read): the wallet offered but not usable.
  expect(await within(dialog).findByRole('radio', { name: c.payFromWallet('$0.00') })).toHaveProperty('disabled', true);

  await user.click(screen.getByRole('button', { name: text.confirm }));
  await findToast(notice.bookingOk);
  const [made] = (await call(bookingEndpoints.ongoing, undefined, { params: { userId: member.id } })).data;
  expect(made).toMatchObject({
    date: day,
    time,
    payment: 'cash',
    price: { totalCents: 4950 },
    service: { title: 'Plumbing' },
  });
  expect(router.state.location.pathname).toBe(fill(routes.booking, { id: made?._id ?? '' }));
});

test('a time taken meanwhile: refused, back on the details with the reason at the time, which is offered no more', async () => {
  const { user, dialog, router } = openCheckout();
  await fillDetails(user, dialog);
  await user.click(screen.getByRole('button', { name: c.continue }));
  await within(dialog).findByText(c.step(2, 2, c.stepReview));

  const other = await createMember(server().db);
  await createBooking(server().db, { customerId: other.id, providerId: provider._id, date: day, time });
  await user.click(screen.getByRole('button', { name: text.confirm }));

  await findToast(`${notice.bookingFailed}: ${t.slotTaken}`, 'alert');
  expect(await within(dialog).findByText(c.step(1, 2, c.stepDetails))).toBeTruthy();
  const times = within(dialog).getByRole('group', { name: t.selectTime, description: t.slotTaken });
  await waitFor(() => expect(within(times).queryByRole('radio', { name: clockTime(time) })).toBeNull());
  // The rest of what was typed is still there.
  expect(within(dialog).getByRole('combobox', { name: t.location })).toHaveProperty('value', address);
  expect(router.state.location.pathname).toBe('/');
});

test('a wallet emptied meanwhile: refused at the payment on the review; cash then books', async () => {
  await createDeposit(server().db, member.id, 6000);
  const { user, dialog, router } = openCheckout();
  await fillDetails(user, dialog);
  await user.click(screen.getByRole('button', { name: c.continue }));
  await waitFor(() => expect(priceLine(dialog, c.total)).toBe('$49.50'));
  await user.click(await within(dialog).findByRole('radio', { name: c.payFromWallet('$60.00') }));

  // A withdrawal asked for from another tab holds $50.00 of it.
  await createWithdrawal(server().db, member.id, 5000);
  await user.click(screen.getByRole('button', { name: text.confirm }));

  const refusal = checkoutText.walletTooLow('$10.00', '$49.50');
  await findToast(`${notice.bookingFailed}: ${refusal}`, 'alert');
  expect(within(dialog).getByText(c.step(2, 2, c.stepReview))).toBeTruthy();
  within(dialog).getByRole('group', { name: c.payment, description: refusal });
  // The wallet read again covers the total no more: cash is chosen in its place.
  await waitFor(() =>
    expect(within(dialog).getByRole('radio', { name: c.payFromWallet('$10.00') })).toHaveProperty('disabled', true),
  );
  expect(within(dialog).getByRole('radio', { name: c.payCash })).toHaveProperty('checked', true);

  await user.click(screen.getByRole('button', { name: text.confirm }));
  await findToast(notice.bookingOk);
  expect(router.state.location.pathname).toMatch(new RegExp(`^${fill(routes.booking, { id: '' })}[0-9a-f-]{36}$`));
});
