// /bookinglist: every booking, and the Create Booking modal.
import { useState } from 'react';
import { adminBookingText as t, adminSidebar } from '../../../../contract/messages.js';
import { BookingListing } from './BookingListing.js';
import { CreateBookingDialog } from './CreateBookingDialog.js';

export default function BookingListPage() {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <BookingListing
        title={adminSidebar.bookingList}
        actions={
          <button type="button" className="btn" onClick={() => setCreating(true)}>
            {t.createBooking}
          </button>
        }
      />
      <CreateBookingDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
