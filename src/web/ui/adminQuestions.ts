// The back-office's questions before a change that can be set back: what each sends, what it
// says, and the reverse its Undo sends.
import { adminBookingText, adminConfirmText as t, adminListText, notice } from '../../contract/messages.js';
import type { ChangeQuestion } from './useConfirmedChange.js';

type Status = '0' | '1';

/** 'Active' sets Deactive, 'Deactive' sets Active; `send` shapes the call's body. */
export function statusQuestion<V>(
  member: { name: string; status: Status },
  role: 'customer' | 'provider',
  send: (status: Status) => V,
): ChangeQuestion<V> {
  const activating = member.status === '0';
  const consequence = {
    customer: activating ? t.activateCustomer : t.deactivateCustomer,
    provider: activating ? t.activateProvider : t.deactivateProvider,
  };
  return {
    title: activating ? t.activateTitle(member.name) : t.deactivateTitle(member.name),
    message: consequence[role],
    confirmLabel: activating ? t.activate : t.deactivate,
    danger: !activating,
    value: send(activating ? '1' : '0'),
    done: notice.statusUpdated,
    undo: {
      value: send(member.status),
      done: t.statusBack(member.name, member.status === '1' ? adminListText.active : adminListText.deactive),
    },
  };
}

/** Block or Unblock, from the state the server holds. */
export function blockQuestion(member: { name: string; isBlocked: boolean }): ChangeQuestion<boolean> {
  const blocking = !member.isBlocked;
  return {
    title: blocking ? t.blockTitle(member.name) : t.unblockTitle(member.name),
    message: blocking ? t.blockConsequence : t.unblockConsequence,
    confirmLabel: blocking ? t.block : t.unblock,
    danger: blocking,
    value: blocking,
    done: blocking ? notice.blocked : notice.unblocked,
    undo: {
      value: member.isBlocked,
      done: blocking ? t.unblockedBack(member.name) : t.blockedBack(member.name),
    },
  };
}

/** Hide a review from customers, or show it again. */
export function hideQuestion(rating: {
  _id: string;
  hidden: boolean;
  rate_by: { name: string };
  rate_to: { name: string };
}): ChangeQuestion<{ id: string; hidden: boolean }> {
  const hiding = !rating.hidden;
  const [customer, provider] = [rating.rate_by.name, rating.rate_to.name];
  return {
    title: hiding ? t.hideTitle(customer, provider) : t.unhideTitle(customer, provider),
    message: hiding ? t.hideConsequence : t.unhideConsequence,
    confirmLabel: hiding ? t.hide : t.unhide,
    danger: hiding,
    value: { id: rating._id, hidden: hiding },
    done: hiding ? adminBookingText.ratingHidden : adminBookingText.ratingShown,
    undo: {
      value: { id: rating._id, hidden: rating.hidden },
      done: hiding ? adminBookingText.ratingShown : adminBookingText.ratingHidden,
    },
  };
}
