// The booking dialog (/Services_booking, the provider dialog's 'Book now', a card's next free
// slot): a visitor is asked to log in; a member gets the checkout (CheckoutDialog), loaded only
// when it opens so the pages that offer booking stay light.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { bookingText as t, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { useMemberSession } from '../../lib/session.js';
import { Dialog } from '../../ui/Dialog.js';
import { Loading } from '../../ui/states.js';

const CheckoutDialog = lazy(() => import('./CheckoutDialog.js'));

export interface BookingDialogProps {
  provider: { _id: string; name: string };
  /** The service of the page the dialog opened from: chosen already when the provider offers it. */
  serviceId?: string | null;
  /** A date and time to start with (still free: SlotForm drops a time that is not). */
  slot?: { date: string; time: string } | null;
  /** The hours to start with for a service priced by the hour (Book again: the last booking's). */
  hours?: number | null;
  open: boolean;
  onClose(): void;
}

export function BookingDialog({ provider, serviceId, slot, hours, open, onClose }: BookingDialogProps) {
  const member = useMemberSession();
  const title = `${t.bookTitle} ${provider.name}`;
  if (!member || !open)
    return (
      <Dialog open={open} title={title} onClose={onClose}>
        <p>
          {t.signInToBook} <Link to={routes.userLogin}>{text.login}</Link>
        </p>
      </Dialog>
    );
  return (
    <Suspense
      fallback={
        <Dialog open title={title} onClose={onClose}>
          <Loading />
        </Dialog>
      }
    >
      <CheckoutDialog
        title={title}
        memberId={member.user._id}
        provider={provider}
        serviceId={serviceId ?? null}
        slot={slot ?? null}
        hours={hours ?? null}
        onClose={onClose}
      />
    </Suspense>
  );
}
