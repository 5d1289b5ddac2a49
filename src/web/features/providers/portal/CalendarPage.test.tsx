// @vitest-environment happy-dom
// /provider/calendar on the real server: a provider blocks part of a day (an end before its start
// refused at the field), sees the block in the day and removes it; a whole day becomes a day off.
import { screen, within } from '@testing-library/react';
import { beforeEach, expect, test } from 'vitest';
import { shiftDay } from '../../../../contract/format.js';
import { providerPortalText as t } from '../../../../contract/messages.js';
import { createProvider, setDaysOff } from '../../../test/factories.js';
import { clockTime, dayName, isoDay } from '../../../lib/dates.js';
import { findToast, renderScreen, signInMember, startTestServer } from '../../../test/harness.js';
import CalendarPage from './CalendarPage.js';

const server = startTestServer();

// Days ahead, so the block dialog (which starts at the day shown) offers them; each test its own.
const day = shiftDay(isoDay(new Date()), 3);
const nextDay = shiftDay(day, 1);
let providerId = '';

beforeEach(async () => {
  const ctx = server();
  const provider = await createProvider(ctx.db);
  providerId = provider.id;
  await signInMember(ctx, provider);
});

/** The calendar's day view of `date`, and that day's column. */
function openDay(date: string) {
  const drawn = renderScreen(<CalendarPage />, {
    path: '/provider/calendar',
    at: `/provider/calendar?view=day&date=${date}`,
  });
  return { ...drawn, column: () => screen.findByRole('region', { name: dayName(date, false) }) };
}

const range = (start: string, end: string) => `${clockTime(start)}–${clockTime(end)}`;

test('a range blocked shows in its day, an end before its start is refused at To, and × removes it', async () => {
  const { user, column } = openDay(day);
  expect(within(await column()).getByText(t.workingHoursOf(range('09:00', '18:00')))).toBeTruthy();

  await user.click(screen.getByRole('button', { name: t.blockTime }));
  const dialog = screen.getByRole('dialog', { name: t.blockTime });
  await user.selectOptions(within(dialog).getByRole('combobox', { name: t.from }), clockTime('15:00'));
  await user.selectOptions(within(dialog).getByRole('combobox', { name: t.to }), clockTime('13:00'));
  await user.click(within(dialog).getByRole('button', { name: t.block }));
  within(dialog).getByRole('combobox', { name: t.to, description: t.endBeforeStart });

  await user.selectOptions(within(dialog).getByRole('combobox', { name: t.from }), clockTime('12:00'));
  await user.click(within(dialog).getByRole('button', { name: t.block }));
  await findToast(t.blockAdded);
  expect(screen.queryByRole('dialog', { name: t.blockTime })).toBeNull();
  const blocked = range('12:00', '13:00');
  const item = (await within(await column()).findByText(blocked)).closest('li');
  expect(item?.textContent).toContain(t.blocked);

  await user.click(within(await column()).getByRole('button', { name: t.unblock(blocked) }));
  const question = screen.getByRole('dialog', { name: t.unblockTitle });
  expect(within(question).getByText(t.unblockQuestion(blocked))).toBeTruthy();
  await user.click(within(question).getByRole('button', { name: t.remove }));
  await findToast(t.blockRemoved);
  expect(within(await column()).queryByText(blocked)).toBeNull();
});

test('a whole day blocked becomes a day off in place of its hours; a day off planned before shows as one', async () => {
  await setDaysOff(server().db, providerId, [nextDay]);
  const { user, column } = openDay(day);
  await column();

  await user.click(screen.getByRole('button', { name: t.blockTime }));
  const dialog = screen.getByRole('dialog', { name: t.blockTime });
  await user.click(within(dialog).getByRole('checkbox', { name: t.wholeDay }));
  expect(within(dialog).queryByRole('combobox', { name: t.from })).toBeNull();
  await user.click(within(dialog).getByRole('button', { name: t.block }));
  await findToast(t.dayOffAdded);
  expect(await within(await column()).findByText(t.dayOff)).toBeTruthy();
  expect(within(await column()).queryByText(t.workingHoursOf(range('09:00', '18:00')))).toBeNull();

  await user.click(screen.getByRole('button', { name: t.nextDays(1) }));
  const next = await screen.findByRole('region', { name: dayName(nextDay, false) });
  expect(within(next).getByText(t.dayOff)).toBeTruthy();
});
