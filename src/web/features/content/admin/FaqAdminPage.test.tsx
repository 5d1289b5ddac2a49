// @vitest-environment happy-dom
// /faq's add and edit forms, on the real server: what the administrator is told when a field is
// missing, and that a save reaches the list.
import { screen, within } from '@testing-library/react';
import { beforeEach, expect, test } from 'vitest';
import { adminContentText as c, notice } from '../../../../contract/messages.js';
import { createAdmin, createFaq } from '../../../test/factories.js';
import { findToast, renderScreen, signInAdmin, startTestServer } from '../../../test/harness.js';
import FaqAdminPage from './FaqAdminPage.js';

const server = startTestServer();

beforeEach(async () => {
  const ctx = server();
  await signInAdmin(ctx, await createAdmin(ctx.db));
});

const list = () => screen.getByRole('region', { name: c.commonQuestions });

test('Add New: the missing fields are named with the contract’s messages; the saved FAQ is listed', async () => {
  const { user } = renderScreen(<FaqAdminPage />);
  await user.click(await screen.findByRole('button', { name: c.addNew }));
  const dialog = screen.getByRole('dialog', { name: c.addFaq });

  await user.click(within(dialog).getByRole('button', { name: c.submit }));
  // Each message is the description of its own field.
  within(dialog).getByRole('textbox', { name: c.title, description: c.titleRequired });
  within(dialog).getByRole('textbox', { name: c.about, description: c.aboutRequired });

  await user.type(within(dialog).getByLabelText(c.title), 'Do you bring your own tools?');
  await user.type(within(dialog).getByLabelText(c.about), 'Yes, every provider brings theirs.');
  await user.click(within(dialog).getByRole('button', { name: c.submit }));

  await findToast(notice.submitted);
  expect(await within(list()).findByText('Do you bring your own tools?')).toBeTruthy();
  expect(screen.queryByRole('dialog', { name: c.addFaq })).toBeNull();
});

test('Edit: a title cleared is refused at its field; the title changed replaces the old one in the list', async () => {
  await createFaq(server().db, { title: 'How do I pay?', about: 'In cash or from your wallet.' });
  const { user } = renderScreen(<FaqAdminPage />);
  await user.click(await screen.findByRole('button', { name: c.editLabel('How do I pay?') }));
  const dialog = screen.getByRole('dialog', { name: c.editFaq });
  const title = within(dialog).getByRole('textbox', { name: c.title });
  expect(title).toHaveProperty('value', 'How do I pay?');

  await user.clear(title);
  await user.click(within(dialog).getByRole('button', { name: c.submit }));
  within(dialog).getByRole('textbox', { name: c.title, description: c.titleRequired });

  await user.type(title, 'How do I pay for a job?');
  await user.click(within(dialog).getByRole('button', { name: c.submit }));
  await findToast(notice.submitted);
  expect(await within(list()).findByText('How do I pay for a job?')).toBeTruthy();
  expect(within(list()).queryByText('How do I pay?')).toBeNull();
});
