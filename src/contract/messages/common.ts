// Words every screen shares: the site's text, menus, validation messages, alerts and server errors.

export const text = {
  brand: 'Doorstep',
  /** Under a table wider than the screen. */
  scrollForMore: 'Scroll sideways for more columns →',
  heroTitle: 'Home services on demand',
  chooseLocation: 'Choose your location',
  searchPlaceholder: 'Search for a service or provider',
  login: 'Login',
  signup: 'signup',
  categories: 'Services',
  bestOffers: 'Best Offers',
  topProviders: 'Top Service Providers',
  servicesHeading: 'Services',
  bookYourService: 'Book your Service',
  messagesHeading: 'Messages',
  ongoingHeading: 'Ongoing Booking',
  faqHeading: 'Frequently Asked Questions',
  contactHeading: 'Contact Us',
  aboutHeading: 'About Us',
  privacyHeading: 'Privacy Policy',
  termsHeading: 'Terms & Conditions',
  termsOfUse: 'Terms of Use',
  confirm: 'Confirm',
  verify: 'Verify',
  resendOtp: 'Resend OTP',
  applyNow: 'APPLY NOW',
  servingIn: 'Serving in USA',
  cities: ['Austin', 'Dallas', 'New York City'] as const,
  copyright: '© 2014-23 Doorstep. All rights reserved.',
  mediaContact: 'Media enquiries: press@doorstep.example',
  // Public pages (our wording where none is fixed)
  heroLead: 'Trusted local providers for beauty, cleaning, plumbing, carpentry, appliance repair and painting.',
  searchLabel: 'Search services',
  locationLabel: 'Cities we serve',
  welcome: 'Welcome',
  reviewCount: (n: number) => `(${n.toLocaleString('en-US')} ${n === 1 ? 'review' : 'reviews'})`,
  noReviewsYet: 'No reviews yet',
  showMore: 'Show more',
  lastUpdated: 'Last updated',
  adminLink: 'Admin',
  homeLink: 'Home',
  contactLead: 'Questions about a booking or about Doorstep? Send us a message and we will get back to you by email.',
  nameLabel: 'Name',
  emailLabel: 'Email',
  messageLabel: 'Message',
  notFoundTitle: 'Page not found',
  notFoundBody: 'The page you are looking for does not exist.',
  loading: 'Loading…',
  empty: 'Nothing here yet.',
  networkError: 'Could not reach the server. Check your connection and try again.',
  genericError: 'Something went wrong. Please try again.',
  // Admin
  welcomAdmin: 'Welcom Admin',
  adminLogin: 'Admin Login',
  rememberMe: 'Remember me',
  // Admin (our wording where none is fixed)
  adminEmailLabel: 'Email',
  adminPasswordLabel: 'Password',
  adminMenu: 'Menu',
  adminNavLabel: 'Admin menu',
  adminSignedInAs: 'Signed in as',
  deleteConfirm: 'Are you sure  you want to delete the record?',
  // The page frame and shared controls (ours)
  tryAgain: 'Try again',
  /** The action of a success toast that sets the change back. */
  undo: 'Undo',
  skipToContent: 'Skip to content',
  close: 'Close',
  goHome: 'Go to the home page',
  // A page that could not be shown, and the lost connection (ours)
  becomeProvider: 'Become a provider',
  pageFailedTitle: 'This page could not be shown',
  pageFailedStale:
    'Doorstep may have been updated since this tab was opened, or the connection dropped. Try again to load the page afresh.',
  pageFailedBody: 'Something went wrong while showing this page. Try again, or go back to the home page.',
  offline: 'You are offline. Nothing you send goes through until the connection is back.',
  offlineHeld: (count: number) =>
    `You are offline. ${count === 1 ? 'One change waits' : `${count} changes wait`} and will be sent when the connection is back.`,
  cancelHeld: 'Don’t send',
  heldCancelled: 'Not sent: you cancelled it while offline.',
  heldSent: (count: number) =>
    `Back online: ${count === 1 ? 'the change that waited was' : `the ${count} changes that waited were`} sent.`,
  mainNav: 'Main',
  companyHeading: 'Company',
  policiesHeading: 'Policies',
  faqsLink: 'FAQs',
  rated: (value: string) => `Rated ${value} out of 5`,
  enterCode: (length: number) => `Enter the ${length}-digit code`,
} as const;

export const userMenu = {
  profile: 'Profile',
  myBooking: 'My booking',
  history: 'History',
  favorites: 'Favorites',
  notifications: 'Notifications',
  logout: 'Logout',
} as const;

/** Validation messages, in the order the forms check them. */
export const validation = {
  phoneRequired: 'Phone no. is required',
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  otpRequired: 'OTP is required',
  otpInvalid: 'OTP is invalid',
  contactName: 'Please enter your name',
  contactEmail: 'Please enter your email',
  contactMessage: 'Please enter your message',
  ratingStars: 'Please give rating',
  ratingComment: 'Please enter rate',
  emptyMsg: 'Please enter your msg',
  msgTooLong: 'Your message is too long (at most 2000 characters).',
  bookingDate: 'Please enter your date',
  bookingTime: 'Please enter your time',
  bookingPhone: 'Please enter your Phone number',
  bookingLocation: 'Please enter your location',
  bookingDescription: 'Please enter your description',
  // Template customer login
  enterYourEmail: 'Enter Your Email',
  enterValidEmail: 'Enter Valid Email',
  enterYourPassword: 'Enter Your Password',
  // Template sign-up
  enterFirstName: 'Enter your First Name',
  enterLastName: 'Enter your Last Name',
  enterPhone: 'Enter your Phone no.',
  enterPassword: 'Enter your Password',
  enterConfirmPassword: 'Enter your Confirm Password',
  acceptTerms: 'Please accept terms',
  fullNameRequired: '*Full name is required',
  passwordRule:
    '*Password must be a minimum of 8 alphanumeric characters, with at least 1 number, 1 character, 1 capital letter',
  passwordTooLong: "*Password can't be longer than 20 characters",
  passwordsMustMatch: 'Passwords must match',
  confirmPasswordRequired: '*Confirm Password is required',
  numberRequired: '*Number is required',
  mobileTooLong: "*Mobile no. can't be longer than 10 number",
  validEmail: '*Please enter a valid email address',
  emailMin: '*Email must have at least 7 characters',
  emailMax: '*Email must be less than 50 characters',
  emailRequiredStar: '*Email is required',
  // Admin login
  mustBeValidEmail: '*Must be a valid email address',
  adminEmailMax: '*Email must be less than 100 characters',
  passwordRequired: '*Password is required',
  // 4-digit code pages
  fillOtp: 'plese fill the otp',
  completeOtp: 'Please enter complete OTP',
  passwordNoMatch: 'Password Does not Match',
  messageRequired: 'Message is Required',
} as const;

/** Alerts and toasts (successes and failures). */
export const notice = {
  otpNotSend: 'OTP not send',
  otpSendSuccessfully: 'OTP send successfully',
  loginSuccessfully: 'Login successfully',
  signupSuccessfully: 'Signup successfully',
  fail: 'Fail',
  contactFailed: 'not send Successfully',
  contactSent: 'Message send Successfully',
  loggedIn: 'Logged In Successfully',
  loggedInFailed: 'Logged In Failed',
  credentialsMismatch: 'These credentials do not match our records',
  passwordChanged: 'Password Changed Sucessfully',
  alreadyRated: 'Already give rating',
  ratingSent: 'Rating send successfully',
  notSearchData: 'not serach data',
  searchOk: 'Searching data successfully',
  sendSuccessfully: 'send Successfully',
  sendFailed: 'failed',
  sendMsg: 'Send msg',
  messageNotSend: 'Message not send',
  addedFavorite: 'Added as favorite',
  alreadyFavorite: 'Already added as favourites',
  notAddedFavorite: 'Added not as favorite',
  bookingOk: 'Booking Successfully',
  bookingFailed: 'not Successfully',
  // Admin
  deleted: 'Deleted successfully',
  userDeleted: 'User deleted successfully',
  statusUpdated: 'Status updated successfully',
  blocked: 'Block User Successfully!',
  unblocked: 'Unblock User Successfully!',
  balanceAdded: 'Balance Added Successfully!',
  sentSuccessfully: 'Sent Successfully',
  submitted: 'Successfully Submitted!',
  // Email accounts (our wording where none is fixed)
  emailSent: 'Email Sent',
  emailSentBody: 'We have sent a code to your email. Enter it to continue.',
  accountVerified: 'Your email is verified. You can log in now.',
  loggedOut: 'You are logged out.',
} as const;

/** Server error messages (our wording). */
export const serverError = {
  badRequest: 'The request is not valid.',
  badHost: 'The Host header is not a valid host name.',
  signupReplaced: 'Another sign-up with this phone number has replaced yours. Please sign up again.',
  badIdempotencyKey: 'The Idempotency-Key header must be 1 to 100 visible characters.',
  idempotencyKeyBusy: 'A request with this Idempotency-Key is still being processed. Please try again shortly.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
  unauthorized: 'Please log in to continue.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'Not found.',
  internal: 'Something went wrong on our side. Please try again.',
  tooManyCodes: 'Too many codes requested. Please wait a few minutes and try again.',
  tooManyRequests: 'Too many requests. Please slow down and try again shortly.',
  tooManySignins: 'Too many failed sign-ins. Please wait a few minutes and try again.',
  phoneTaken: 'This phone number is already registered.',
  noPhone: 'This account has no phone number.',
  phoneAlreadyVerified: 'This phone number is already verified.',
  sameContact: 'This is already your account’s.',
  noContactChange: 'Ask for a code to the new one first.',
  emailTaken: 'This email is already registered.',
  noAccountForPhone: 'No account is registered with this phone number.',
  notVerified: 'Please verify your phone number first.',
  emailNotVerified: 'Please verify your email first.',
  codeExpired: 'The code has expired. Please request a new one.',
  codeBurnt: 'Too many wrong tries. Please request a new code.',
  tooManyWrongCodes: 'Too many wrong codes. Try again tomorrow or contact support.',
  blocked: 'Your account is blocked. Please contact support.',
  passwordWrong: 'The current password is not correct.',
  messageToSelf: 'You cannot send a message to yourself.',
  memberNotFound: 'This member was not found.',
  /** PostgreSQL cannot store U+0000, so no text field accepts it. */
  nulCharacter: 'Text must not contain a NUL character.',
} as const;

/** Image uploads (our wording and limits). */
export const imageText = {
  tooLarge: 'The image must be at most 5 MB.',
  wrongType: 'Please choose a JPEG, PNG or WebP image.',
  tooManyPixels: 'The image is too large: at most 8000 pixels on a side.',
  unreadable: 'The image could not be read. Please choose another file.',
  missing: 'Please choose an image.',
  notMultipart: 'Send the image as multipart/form-data in the field "image".',
  /** A multipart body without a usable boundary, or cut short. */
  malformedForm: 'The form could not be read. Please send it again as multipart/form-data.',
  updated: 'Image updated',
} as const;

/** The frame every mail shares (server/platform/mail-layout.ts). */
export const mailText = {
  brand: 'Doorstep',
  /** Under the button, for mail clients that show no buttons or links. */
  linkFallback: 'If the button does not work, open this address:',
  footer: 'Doorstep · home services in Austin, Dallas and New York City',
} as const;

/** The date picker (web/ui/DatePicker.tsx): a day is picked from a month written out. */
export const datePickerText = {
  chooseDay: 'Choose a day',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  /** Under the grid of a day that may be left out (a filter). */
  clear: 'Clear',
  /** The month grid's name, with the field it fills. */
  calendar: (field: string) => `${field}: calendar`,
  /** Sunday first, as US calendars are laid out. */
  weekdays: ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const,
  weekdayNames: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const,
} as const;
