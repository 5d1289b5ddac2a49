// The booking dialog opened on a card's next free slot (`?provider=<id>&slot=<date>T<time>` on
// /Search or /Services_booking): that date and time are chosen already. A visitor is sent to sign
// in first and comes back to this same address, so to the same dialog on the same slot.
import { Navigate, useLocation, useNavigate } from 'react-router';
import { routes } from '../../../contract/paths.js';
import { useMemberSession } from '../../lib/session.js';
import { BookingDialog } from '../bookings/index.js';
import { useProvider } from './api.js';
import { readSlot } from './discovery.js';
import { slotState } from './ProviderTile.js';
import type { UrlChange } from './useDiscovery.js';

interface SlotBookingProps {
  params: URLSearchParams;
  /** The service the booking is for, when the page is of one. */
  serviceId: string | null;
  update(change: UrlChange, how?: 'push' | 'replace'): void;
}

export function SlotBooking({ params, serviceId, update }: SlotBookingProps) {
  const member = useMemberSession();
  const location = useLocation();
  const navigate = useNavigate();
  const providerId = params.get('provider');
  const slot = readSlot(params);
  const provider = useProvider(slot && member ? providerId : null);
  if (!providerId || !slot) return null;
  if (!member) return <Navigate to={routes.userLogin} replace state={{ from: location.pathname + location.search }} />;
  if (!provider.data) return null;
  return (
    <BookingDialog
      provider={{ _id: provider.data._id, name: provider.data.name }}
      serviceId={serviceId}
      slot={slot}
      open
      // Opened from a card on this page: back to the list as it was; else (a link, the return from
      // signing in) the same address without the dialog.
      onClose={() => {
        const fromCard = (location.state as Partial<typeof slotState> | null)?.slotOpened === true;
        if (fromCard) void navigate(-1);
        else update(withoutSlotBooking, 'replace');
      }}
    />
  );
}

/** Whether the address opens the booking dialog on a slot (the provider dialog then stays shut). */
export const opensSlotBooking = (params: URLSearchParams) => Boolean(params.get('provider') && readSlot(params));

function withoutSlotBooking(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('provider');
  next.delete('slot');
  return next;
}
