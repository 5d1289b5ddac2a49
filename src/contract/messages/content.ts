// The public content pages and the admin's FAQ, terms and privacy screens.

/** The About Us page (our copy: the sections are fixed, not their words). */
export const aboutPage = {
  lead: 'Doorstep brings trusted home-service providers to your door. Book beauty, cleaning, plumbing, carpentry, appliance repair and painting in a few taps.',
  whatWeDoHeading: 'What we do',
  whatWeDo: [
    'We connect people who need a job done at home with local providers who do it well. You compare providers by their ratings, reviews and charges, message them, and book a time that suits you.',
    'Providers get a steady stream of local customers, their own schedule and a fair place to grow their reputation.',
  ],
  vettingHeading: 'How providers are vetted',
  vetting: [
    'Every provider verifies their phone number with a one-time code before anything else.',
    'Our team reviews each application: services offered, charges, address and working hours. A provider stays inactive until we approve them.',
    'Only customers who completed a booking can rate it, once, so ratings reflect real jobs.',
    'Providers who break our rules are blocked at once, and their sessions end.',
  ],
  findHeading: 'Find a service near you',
  teamHeading: 'Leadership team',
  team: [
    { name: 'Maya Fernandez', role: 'Chief Executive Officer' },
    { name: 'Daniel Okafor', role: 'Chief Operating Officer' },
    { name: 'Priya Raman', role: 'Chief Technology Officer' },
    { name: 'Tom Becker', role: 'Head of Provider Quality' },
  ],
  investorsHeading: 'Investors',
  investors: [
    'Lakeshore Ventures',
    'Bluebonnet Capital',
    'Hudson Street Partners',
    'Angel investors from our provider community',
  ],
  citiesHeading: 'Cities served',
  policiesHeading: 'Policies',
  applyHeading: 'Become a provider',
  applyBody: 'Good at what you do? Apply to join Doorstep and take jobs in your city.',
  mediaHeading: 'Media',
} as const;

/** The admin's FAQ, terms and privacy screens (our wording where none is fixed). */
export const adminContentText = {
  // /faq
  commonQuestions: 'Common Questions',
  addNew: 'Add New',
  title: 'Title',
  about: 'About',
  addFaq: 'Add FAQ',
  editFaq: 'Edit FAQ',
  submit: 'Submit',
  submitting: 'Submitting…',
  editLabel: (title: string) => `Edit: ${title}`,
  deleteLabel: (title: string) => `Delete: ${title}`,
  titleRequired: 'Title is required',
  aboutRequired: 'About is required',
  titleTooLong: 'The title can have at most 200 characters.',
  aboutTooLong: 'About can have at most 5000 characters.',
  faqIdInvalid: 'Please send a valid FAQ id.',
  faqNotFound: 'This FAQ was not found.',
  // /termscondition and /privacypolicy
  edit: 'Edit',
  cancel: 'Cancel',
  save: 'Save',
  saving: 'Saving…',
  textLabel: 'Text',
  textRequired: 'Please enter the text.',
  textTooLong: 'The text can have at most 100,000 characters.',
  pageKeyInvalid: 'Please choose terms or privacy.',
  notWritten: 'Nothing is written yet. Choose Edit to write it.',
  lastUpdated: 'Last updated',
  publicPage: 'Open the public page',
} as const;
