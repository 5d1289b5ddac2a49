// Booking, rescheduling, the booking lists and the admin's bookings and ratings.

/** Booking dialog, /Ongoing, /History and their server answers (our wording where none is fixed). */
export const bookingText = {
  /** Notifications to the provider (our wording). */
  requestedNotice: (customer: string, date: string, time: string) =>
    `New booking request from ${customer} for ${date} at ${time}`,
  /** The mail of a new request to the provider. */
  requestedMailHeading: 'New booking request',
  requestedMailLead: 'Accept or decline it from your jobs before it expires.',
  requestedMailAction: 'Open your jobs',
  cancelledNotice: (customer: string, date: string, time: string) =>
    `${customer} cancelled the booking for ${date} at ${time}`,
  /** A request the provider did not answer in time: to the customer, then to the provider. */
  expiredNotice: (provider: string, date: string, time: string) =>
    `${provider} did not answer your request for ${date} at ${time} in time, so it expired. You can book another time.`,
  expiredProviderNotice: (customer: string, date: string, time: string) =>
    `A request expired: ${customer}’s booking for ${date} at ${time} was not answered in time.`,
  /** The mail to the customer (its link leads to the provider's free times). */
  expiredMail: {
    subject: 'Your booking request expired',
    heading: 'Your booking request expired',
    greeting: (name: string) => `Hello ${name},`,
    lead: (provider: string, date: string, time: string) =>
      `${provider} did not answer your request for ${date} at ${time} in time, so it expired and nothing is booked. You can choose another free time with ${provider}.`,
  },
  bookAnotherTime: 'Book another time',
  // Booking dialog: labels and placeholders
  bookTitle: 'Book',
  selectDate: 'Select date',
  selectTime: 'Select time',
  phoneNumber: 'Phone number',
  phonePlaceholder: 'Enter your phone number',
  location: 'Location',
  locationPlaceholder: 'Start typing your address',
  description: 'Description',
  descriptionPlaceholder: 'Enter description',
  pickDateFirst: 'Choose a date to see the free times.',
  loadingTimes: 'Loading free times…',
  noFreeTime: 'No free time on this day',
  // A day outside what can be booked (ours)
  dayPassed: 'This day has passed. Choose today or a later day.',
  dayTooFar: (days: number) => `Bookings open ${days} days ahead. Choose an earlier day.`,
  suggestions: 'Address suggestions',
  signInToBook: 'Please log in to book.',
  // Validation (ours; the fixed messages are in `validation`)
  dateInvalid: 'Please enter a valid date',
  timeInvalid: 'Please choose one of the free times',
  phoneInvalid: 'Please enter a valid phone number: 7 to 10 digits',
  addressTooLong: 'The location can have at most 200 characters',
  descriptionTooLong: 'The description can have at most 1000 characters',
  commentTooLong: 'The comment can have at most 1000 characters',
  // Server answers
  slotTaken: 'This time is no longer available. Please choose another time.',
  dateTooFar: 'Please choose a date within the next 90 days.',
  providerNotFound: 'This provider is not available for booking.',
  cannotBookYourself: 'You cannot book yourself.',
  serviceNotOffered: 'This provider does not offer this service.',
  /** A booking's address and the provider's service area (its radius around where it is based). */
  outsideServiceArea: (provider: string, radius: string, area: string) =>
    `This address is outside ${provider}’s service area (within ${radius} of ${area}).`,
  addressNotFound:
    'We could not find this address in Austin, Dallas or New York. Please choose one from the suggestions.',
  insideServiceArea: (provider: string, radius: string, area: string) =>
    `Within ${provider}’s service area (${radius} of ${area}).`,
  checkingServiceArea: 'Checking the provider’s service area…',
  /** An address placed by its ZIP code or city only. */
  approximatePlace: (provider: string) =>
    `We could not find this street, so we placed the address by its ZIP code or city; ${provider} will confirm the exact spot with you.`,
  bookingNotFound: 'Booking not found.',
  bookingCancelled: 'Booking cancelled',
  notCancellable: 'This booking can no longer be cancelled.',
  requestExpired: 'This request has expired.',
  onlyCompletedRated: 'Only a completed booking can be rated.',
  wrongProvider: 'This booking was not with this provider.',
  // /Ongoing and /History
  historyHeading: 'History',
  cancelRequest: 'Cancel request',
  cancelTitle: 'Cancel request',
  cancelQuestion: 'Do you want to cancel this booking?',
  cancelYes: 'Yes, cancel it',
  cancelNo: 'Keep it',
  noOngoing: 'You have no ongoing bookings.',
  noHistory: 'You have no past bookings yet.',
  findService: 'Find a service',
  rateNow: 'Rate Now',
  giveRate: 'Give rate',
  yourRating: 'Your rating',
  stars: 'Rating',
  comment: 'Comment',
  commentPlaceholder: 'Tell others about the job',
  submit: 'Submit',
  date: 'Date',
  time: 'Time',
  address: 'Address',
  status: {
    requested: 'Requested',
    accepted: 'Accepted',
    declined: 'Declined',
    completed: 'Completed',
    cancelled: 'Cancelled',
    expired: 'Expired',
    awaiting_payment: 'Awaiting payment',
  },
} as const;

/** Moving a booking to another free slot (/Ongoing; our wording). */
export const rescheduleText = {
  reschedule: 'Reschedule',
  title: 'Reschedule booking',
  current: 'Now booked for',
  save: 'Save',
  keep: 'Keep it',
  rescheduled: 'Booking moved',
  backToRequested: 'The provider will confirm the new time.',
  notReschedulable: 'This booking can no longer be rescheduled.',
  sameTime: 'The booking is already at this time. Please choose another time.',
  idInvalid: 'Please send a valid booking id.',
  serviceArchived: 'This service is no longer offered.',
  /** To the provider. */
  movedNotice: (customer: string, date: string, time: string, fromDate: string, fromTime: string) =>
    `${customer} moved the booking to ${date} at ${time} (was ${fromDate} at ${fromTime})`,
} as const;

/** The admin's bookings, ratings, referrals and vendor detail (our wording where none is fixed). */
export const adminBookingText = {
  // /bookinglist (columns)
  customerName: 'Customer Name',
  contractorName: 'Contractor Name',
  address: 'Address',
  date: 'Date',
  time: 'Time',
  phone: 'Phone',
  status: 'Status',
  allStatuses: 'All',
  cardPayment: 'Card payment',
  anyPayment: 'Any',
  needsAttention: 'Needs attention',
  statusInvalid:
    'Please choose a booking status: requested, accepted, declined, completed, cancelled, expired or awaiting payment.',
  ratingStatusInvalid: 'Please choose a rating status: visible or hidden.',
  bookedOn: 'Booked On',
  service: 'Service',
  total: 'Total',
  action: 'Action',
  view: 'View',
  viewBooking: (reference: string) => `View booking Ref. ${reference}`,
  // Create Booking modal
  createBooking: 'Create Booking',
  bookedBy: 'Booked By',
  bookedTo: 'Booked To',
  personPlaceholder: 'Name, email or phone',
  customers: 'Customers',
  providers: 'Providers',
  searching: 'Searching…',
  noMatch: 'No one matches.',
  notBookable: 'cannot be booked',
  chooseTime: 'Choose a time',
  pickProviderAndDate: 'Choose the provider and a date to see the free times.',
  phonePlaceholder: 'Digits only',
  addressPlaceholder: 'Where the job is',
  book: 'Create Booking',
  cancel: 'Cancel',
  // Validation and refusals
  bookedByRequired: 'Please choose who the booking is for (Booked By).',
  bookedToRequired: 'Please choose the provider (Booked To).',
  customerNotFound: 'This customer is not available for booking.',
  // /ratings
  customer: 'Customer',
  provider: 'Provider',
  rating: 'Rating',
  outOfFive: (count: number) => `${count}/5`,
  comment: 'Comment',
  visible: 'Visible',
  hidden: 'Hidden',
  hide: 'Hide',
  unhide: 'Unhide',
  ratingHidden: 'The review is hidden from customers.',
  ratingShown: 'The review is shown to customers again.',
  ratingNotFound: 'This review was not found.',
  ratingIdInvalid: 'Please send a valid review id.',
  hiddenInvalid: 'Please send hidden as true or false.',
  // /referral (columns)
  user: 'User',
  firstConnection: 'First Connection',
  secondConnection: 'Second Connection',
  joinDate: 'Join Date',
  none: '—',
  // /vendorDetail
  vendorDetail: 'Vendor Detail',
  vendorIdMissing: 'No provider was chosen. Open one from the Contractor Listing.',
  vendorNotFound: 'This provider was not found.',
  backToVendors: 'Back to Contractor Listing',
  email: 'Email',
  city: 'City',
  charges: 'Charges',
  about: 'About',
  services: 'Services',
  noServices: 'No services yet.',
  archived: 'archived',
  workingHours: 'Working hours',
  defaultHours: 'None set: 09:00–18:00 every day',
  slotLength: (minutes: number, buffer: number) => `${minutes}-minute slots, ${buffer} minutes between jobs`,
  joined: 'Joined',
  reviews: (avg: number, count: number) =>
    count ? `${avg.toFixed(1)} of 5 from ${count} review${count === 1 ? '' : 's'}` : 'No reviews yet',
  noProfile: 'This provider has no profile yet.',
  accountStatus: 'Account',
  block: 'Block',
  unblock: 'Unblock',
  isBlocked: 'Blocked',
  notBlocked: 'Not blocked',
  bookingsHeading: 'Bookings',
  ratingsHeading: 'Ratings',
  weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
} as const;

/** Reminders of an accepted job, 24 hours and 2 hours before, to both sides (in-app, mail, text). */
export const reminderText = {
  customerNotice: (lead: string, provider: string, date: string, time: string) =>
    `Reminder: ${provider} comes ${lead}, on ${date} at ${time}.`,
  /** No street: the notice outlives the days the provider may see it (the job's page shows it while due). */
  providerNotice: (lead: string, customer: string, date: string, time: string) =>
    `Reminder: your job for ${customer} is ${lead}, on ${date} at ${time}.`,
  /** How far off the job is, as the notices say it. */
  lead: { '24h': 'tomorrow', '2h': 'in 2 hours' } as const,
  mailSubject: (date: string, time: string) => `Reminder: your Doorstep booking on ${date} at ${time}`,
  mailHeading: 'Your booking is coming up',
  /** The event in the calendar invitation the mail carries. */
  eventTitle: (other: string) => `Doorstep booking with ${other}`,
  eventDescription: (description: string) => `Booked through Doorstep. ${description}`.trim(),
  openBookings: 'Open your bookings',
} as const;

/** One booking's page (/bookings/:id; the admin's /bookingDetail): our wording. */
export const bookingPageText = {
  /** The link to it from /Ongoing, /History and the provider's jobs. */
  open: 'View booking',
  title: 'Booking',
  /** The page's heading: the customer's, the provider's and the admin's version. */
  withProvider: (provider: string) => `Booking with ${provider}`,
  forCustomer: (customer: string) => `Job for ${customer}`,
  adminTitle: 'Booking Detail',
  reference: (reference: string) => `Ref. ${reference}`,
  backToOngoing: 'Back to Ongoing Booking',
  backToHistory: 'Back to History',
  backToJobs: 'Back to your jobs',
  backToList: 'Back to Booking List',
  linkInvalid: 'This link names no booking. Open one from a booking list.',
  notFound: 'This booking was not found.',
  notYours: 'This booking is not yours to see.',
  // Summary
  summary: 'Summary',
  service: 'Service',
  noService: 'Any service the provider offers',
  date: 'Date',
  time: 'Time',
  duration: 'Duration',
  address: 'Address',
  phone: 'Phone',
  /** Instead of the street once the booking's provider no longer sees it: where the job was. */
  area: 'Area',
  /** Instead of the customer's phone once the booking's provider no longer sees it. */
  contactHidden: {
    completed: (days: number) => `Hidden: the job was completed more than ${days} days ago.`,
    /** Declined, cancelled or expired. */
    notCarriedOut: 'Hidden: this booking did not go ahead.',
  },
  description: 'Description',
  hoursBooked: (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'} booked`,
  expected: (duration: string) => `About ${duration}`,
  minutes: (minutes: number) => {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    const hours = h ? `${h} ${h === 1 ? 'hour' : 'hours'}` : '';
    const mins = m ? `${m} ${m === 1 ? 'minute' : 'minutes'}` : '';
    return [hours, mins].filter(Boolean).join(' ') || '0 minutes';
  },
  zoneNote: (zone: string) => `Times are in the provider’s time zone (${zone}).`,
  // People
  provider: 'Provider',
  customer: 'Customer',
  message: (name: string) => `Message ${name}`,
  // Price and payment
  price: 'Price',
  receipt: 'Receipt',
  serviceLine: 'Service',
  platformFee: 'Platform fee',
  offerDiscount: 'Offer discount',
  total: 'Total',
  cancellationCharged: 'Cancellation fee charged',
  /** What the provider's wallet got for a job paid from the wallet: the total less the platform fee. */
  providerShare: 'Paid to the provider',
  payment: 'Payment',
  paymentState: {
    held: 'Wallet — held until the job is completed',
    paid: 'Paid from your wallet',
    released: 'Released to your wallet',
    paidByCustomer: 'Paid from the customer’s wallet',
    releasedToCustomer: 'Released to the customer’s wallet',
    cash: 'Cash on completion',
  },
  /** A card payment as its viewer reads it, by its state (CardPaymentStatus). */
  cardState: {
    open: 'Card — waiting for the payment on Stripe’s page',
    authorized: 'Card — held until the job is completed',
    capturing: (amount: string) => `Card — ${amount} being charged`,
    captured: (amount: string) => `Card — ${amount} charged`,
    releasing: 'Card — the hold is being released',
    released: 'Card — the hold was released; nothing was charged',
    expired: 'Card — not paid; nothing was charged',
  },
  payNow: 'Pay by card',
  payBy: (time: string) => `Pay by ${time} to keep this time; until then it is held for you.`,
  awaitingPaymentProvider: 'The customer is paying by card; the request comes once the payment goes through.',
  lessFee: (fee: string) => `, less the ${fee} cancellation fee`,
  billedTo: 'Billed to',
  serviceDate: 'Date of service',
  printReceipt: 'Print receipt',
  // Timeline
  timeline: 'Status',
  step: {
    requested: 'Requested',
    requestedAgain: 'Requested again (rescheduled)',
    rescheduled: 'Rescheduled',
    accepted: 'Accepted',
    completed: 'Completed',
    declined: 'Declined',
    cancelled: 'Cancelled',
    expired: 'Expired',
    awaiting_payment: 'Booked, awaiting payment',
  },
  notYet: 'Not yet',
  /** A reschedule in the timeline: the old and new date and time (the provider's), and who moved it. */
  moved: (from: string, to: string, by: string) => `From ${from} to ${to}, by ${by}`,
  // Actions
  actions: 'What you can do',
  bookAgain: 'Book again',
  addToCalendar: 'Add to calendar',
  calendarFailed: 'The calendar file could not be downloaded. Please try again.',
  cancelBooking: 'Cancel booking',
  cancelTitle: 'Cancel booking',
  cancellation: 'Cancellation',
  /** The policy's consequence of cancelling now, spelled out before confirming. */
  freeRequested: 'Free: the provider has not accepted yet',
  freeUnpaid: 'Free: nothing was charged, and the time is released.',
  freeUntil: (time: string) => `Free until ${time}`,
  feeApplies: (fee: string) => `A cancellation fee of ${fee} applies`,
  freeNoFee: 'Free: this booking has no cancellation fee',
  feeLater: (fee: string, time: string) => `After ${time} a cancellation fee of ${fee} applies.`,
} as const;
