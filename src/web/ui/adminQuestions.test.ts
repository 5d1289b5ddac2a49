// The questions before an admin's change: each names who or what, sends the flip of what the server
// holds, and its Undo sends back exactly what was there before.
import { describe, expect, it } from 'vitest';
import { blockQuestion, hideQuestion, statusQuestion } from './adminQuestions.js';

describe('statusQuestion', () => {
  it('deactivates an active provider, in red, and Undo sets Active again', () => {
    const question = statusQuestion({ name: 'Demo Provider', status: '1' }, 'provider', (status) => ({
      _id: 'p1',
      status,
    }));
    expect(question).toMatchObject({
      title: 'Deactivate Demo Provider?',
      message: 'Customers will no longer find or book them until they are set Active again.',
      confirmLabel: 'Deactivate',
      danger: true,
      value: { _id: 'p1', status: '0' },
      done: 'Status updated successfully',
      undo: { value: { _id: 'p1', status: '1' }, done: 'Demo Provider is Active again.' },
    });
  });

  it('activates a deactive customer, not in red, and Undo sets Deactive again', () => {
    const question = statusQuestion({ name: 'Lara', status: '0' }, 'customer', (status) => status);
    expect(question).toMatchObject({
      title: 'Activate Lara?',
      message: 'Their account will show as Active.',
      confirmLabel: 'Activate',
      danger: false,
      value: '1',
      undo: { value: '0', done: 'Lara is Deactive again.' },
    });
  });
});

describe('blockQuestion', () => {
  it('blocks from the state the server holds, and Undo unblocks', () => {
    expect(blockQuestion({ name: 'Bella', isBlocked: false })).toMatchObject({
      title: 'Block Bella?',
      confirmLabel: 'Block',
      danger: true,
      value: true,
      done: 'Block User Successfully!',
      undo: { value: false, done: 'Bella is no longer blocked.' },
    });
  });

  it('unblocks a blocked member, and Undo blocks again', () => {
    expect(blockQuestion({ name: 'Bella', isBlocked: true })).toMatchObject({
      title: 'Unblock Bella?',
      confirmLabel: 'Unblock',
      danger: false,
      value: false,
      done: 'Unblock User Successfully!',
      undo: { value: true, done: 'Bella is blocked again.' },
    });
  });
});

describe('hideQuestion', () => {
  const rating = { _id: 'r1', rate_by: { name: 'Ann' }, rate_to: { name: 'Demo Provider' } };

  it('hides a visible review, naming its customer and provider; Undo shows it again', () => {
    expect(hideQuestion({ ...rating, hidden: false })).toMatchObject({
      title: 'Hide Ann’s review of Demo Provider?',
      confirmLabel: 'Hide',
      danger: true,
      value: { id: 'r1', hidden: true },
      done: 'The review is hidden from customers.',
      undo: { value: { id: 'r1', hidden: false }, done: 'The review is shown to customers again.' },
    });
  });

  it('shows a hidden review again; Undo hides it', () => {
    expect(hideQuestion({ ...rating, hidden: true })).toMatchObject({
      title: 'Show Ann’s review of Demo Provider again?',
      confirmLabel: 'Unhide',
      danger: false,
      value: { id: 'r1', hidden: false },
      undo: { value: { id: 'r1', hidden: true }, done: 'The review is hidden from customers.' },
    });
  });
});
