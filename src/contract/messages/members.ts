// The member's profile and referral link.

/** The member profile: /Profiles, /my-profile and its Edit modal (our wording where none is fixed). */
export const profileText = {
  detailsTitle: 'Profile Details',
  aboutMe: 'About Me',
  editProfile: 'Edit profile',
  heading: 'My profile',
  edit: 'Edit',
  editTitle: 'Edit profile',
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  age: 'Age',
  gender: 'Gender',
  mobile: 'Mobile',
  description: 'Description',
  image: 'Profile image',
  imageHint: 'JPEG, PNG or WebP, at most 5 MB.',
  imagePreview: 'Preview of the new profile image',
  noImage: 'No profile image yet',
  readOnly: 'This cannot be changed here.',
  update: 'Update',
  updating: 'Updating…',
  uploading: 'Uploading image',
  cancel: 'Cancel',
  updated: 'Profile updated successfully',
  noAbout: 'Nothing here yet.',
  notSet: 'Not set',
  // Proving an email account's phone by a texted code (ours)
  phoneUnverified: 'Not verified: it cannot sign you in or get texts yet.',
  verifyPhone: 'Verify phone',
  verifyPhoneTitle: 'Verify your phone number',
  verifyPhoneLead: (phone: string) => `We will text a 6-digit code to ${phone}.`,
  codeSentTo: (phone: string) => `Enter the 6-digit code we texted to ${phone}.`,
  sendCode: 'Send code',
  sendAgain: 'Send a new code',
  enterWholeCode: (digits: number) => `Enter the ${digits} digits of the code.`,
  codeLabel: '6-digit code',
  verify: 'Verify',
  phoneVerified: 'Phone number verified',
  // Changing the phone or email: the new one is proven first (ours)
  change: 'Change',
  changePhoneTitle: 'Change your phone number',
  changeEmailTitle: 'Change your email',
  newPhone: 'New phone number',
  newEmail: 'New email',
  changeLead: 'We will send a code to the new one. Your account keeps the old one until you enter it.',
  emailCodeLabel: '4-digit code',
  emailCodeSentTo: (email: string) => `Enter the 4-digit code we mailed to ${email}.`,
  phoneChanged: 'Phone number changed',
  emailChanged: 'Email changed',
  // Validation (the first-name message is the template sign-up's)
  ageInvalid: 'Age must be a whole number from 13 to 120.',
  genderTooLong: 'Gender must be at most 30 characters.',
  aboutTooLong: 'About Me must be at most 1000 characters.',
  nameTooLong: 'Names must be at most 80 characters.',
  /** Country names of the codes members have. */
  countries: { '+1': 'United States', '+91': 'India' } as Record<string, string>,
  /** Under the read-only mobile, `country` being e.g. `United States +1`. */
  countryCodeFixed: (country: string) =>
    `Country code: ${country}. It cannot be changed; the number can, with Change on your profile.`,
} as const;

/** The member's saved addresses on /Profiles (ours). */
export const savedAddressText = {
  heading: 'Saved addresses',
  intro: 'Offered first when you book. A street without its city is read in the city you chose.',
  none: 'You have no saved addresses yet.',
  line: 'Address',
  linePlaceholder: 'e.g. 4512 Swiss Ave, Dallas, TX',
  unit: 'Apartment or unit (optional)',
  unitPlaceholder: 'e.g. Apt 3',
  label: 'Label',
  labels: { home: 'Home', work: 'Work', other: 'Other' },
  add: 'Save address',
  delete: 'Delete',
  deleteNamed: (address: string) => `Delete ${address}`,
  added: 'Address saved',
  deleted: 'Address deleted',
  lineRequired: 'Please enter the address',
  lineTooLong: 'The address can have at most 150 characters',
  unitTooLong: 'The apartment or unit can have at most 40 characters',
  labelInvalid: 'Please choose Home, Work or Other',
  tooMany: (max: number) => `You can keep ${max} addresses. Delete one to save another.`,
  full: (max: number) => `You keep ${max} addresses, the most there can be. Delete one to save another.`,
  duplicate: 'This address is saved already.',
  notFound: 'This address was not found.',
  tooManyChanges: 'Too many changes to your addresses. Please try again later.',
} as const;

/** The member's referral code and link on /Profiles (ours). */
export const referralText = {
  heading: 'Invite friends',
  code: 'Your referral code',
  link: 'Your referral link',
  copy: 'Copy link',
  copied: 'Link copied',
  copyFailed: 'Could not copy. Select the link and copy it yourself.',
  joined: (count: number) =>
    count === 1 ? '1 member joined with your code.' : `${count} members joined with your code.`,
} as const;
