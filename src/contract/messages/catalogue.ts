// The signed-in services pages and the admin's catalogue.

/** The signed-in services pages: /Services_new and /Services_detail (our copy). */
export const servicesText = {
  heading: 'Services',
  lead: 'Choose a service to see the providers near you, compare their ratings and charges, and book a time.',
  menuLabel: 'Your account',
  myBooking: 'My booking',
  history: 'History',
  favorites: 'Favorites',
  messages: 'Messages',
  profile: 'Profile',
  seeProviders: 'See providers',
  detailHeading: 'How booking works',
  detailLead: 'From choosing a service to rating the job: what happens at each step of a booking on Doorstep.',
  detailNavLabel: 'Pages',
  home: 'Home',
  steps: [
    {
      title: 'Choose a service',
      body: 'Pick one of our services (beauty, cleaning, plumbing, carpentry, appliance repair or painting) to see the providers who offer it, with their rating, number of reviews and charges in dollars.',
    },
    {
      title: 'Compare providers',
      body: 'Open a provider to read their description, address and reviews from customers who booked them. Message them first if you have a question, or mark them as a favourite to find them again later.',
    },
    {
      title: 'Book a time',
      body: 'Choose Book now, then pick a date and one of the times the provider still has free, and give your phone number, the address of the job and a short description of what you need.',
    },
    {
      title: 'Follow your booking',
      body: 'Your request appears under My booking while the provider has it or has accepted it; you can cancel it there until the job is done. A request the provider does not answer within 12 hours (or by 2 hours before its time) expires and frees the time. Completed, declined, cancelled and expired bookings move to History.',
    },
    {
      title: 'Rate the job',
      body: 'Once the job is completed it moves to History, where you can rate it with stars and a comment. Each completed booking can be rated once, by the customer who booked it.',
    },
  ],
  reviewsHeading: 'Reviews you can trust',
  reviewsBody:
    'Ratings on Doorstep come only from customers whose booking was completed, one rating per booking. A provider’s rating is the average of those ratings, shown next to the number of reviews.',
  reviewsLink: 'Choose a service to read its providers’ reviews',
  moreHeading: 'More from Doorstep',
  company: 'Company',
  policies: 'Policies',
  reviews: 'Reviews',
} as const;

/**
 * The admin's catalogue: /services, /banners, /offers and /servicesDetail.
 * The headings, columns and modals are fixed, and the titles are required; the
 * messages' words are ours. The fixed alerts ('Successfully Submitted!', 'Deleted successfully',
 * 'User deleted successfully' after a service) are in `notice`.
 */
export const adminCatalogueText = {
  // Headings
  servicesTitle: 'Services Listing',
  bannersTitle: 'Banners',
  offersTitle: 'Offers',
  servicesDetailTitle: 'Services Detail',
  providersTitle: 'Providers',
  // Columns and fields
  title: 'Title',
  image: 'Image',
  name: 'Name',
  aboutImage: 'About Image',
  amount: 'Amount',
  offer: 'Offer',
  providers: 'Providers',
  created: 'Created',
  action: 'Action',
  /** The offer's state in the export (customers see active offers only). */
  inactive: 'Inactive',
  archived: 'Archived',
  rating: 'Rating',
  reviewsHeader: 'Reviews',
  reviews: (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`,
  // Modals and buttons
  addService: 'Add Service',
  editService: 'Edit Service',
  addBanner: 'Add Banner',
  addOffer: 'Add Offer',
  submit: 'Submit',
  submitting: 'Submitting…',
  cancel: 'Cancel',
  uploading: 'Uploading',
  imageHint: 'JPEG, PNG or WebP, at most 5 MB.',
  keepImageHint: 'Leave empty to keep the current image (JPEG, PNG or WebP, at most 5 MB).',
  preview: (field: string) => `${field} preview`,
  currentImage: 'Current image',
  amountHint: 'In dollars, for example 49.99',
  editLabel: (title: string) => `Edit ${title}`,
  deleteLabel: (title: string) => `Delete ${title}`,
  imageAlt: (title: string) => title,
  noImage: 'No image',
  // Validation: the modals' required fields
  titleRequired: 'Please enter title',
  titleTooLong: 'The title can be at most 80 characters.',
  nameRequired: 'Please enter name',
  nameTooLong: 'The name can be at most 80 characters.',
  offerRequired: 'Please enter offer',
  offerTooLong: 'The offer can be at most 200 characters.',
  /** /servicesDetail's Status filter: '1' Active, '0' Deactive, as the provider rows show them. */
  providerStatusInvalid: 'Please choose a status: 1 (Active) or 0 (Deactive).',
  // Not found
  serviceNotFound: 'This service was not found.',
  bannerNotFound: 'This banner was not found.',
  offerNotFound: 'This offer was not found.',
  chooseService: 'Choose a service from the Services Listing to see its details.',
  backToServices: 'Back to Services Listing',
  // Export sheets
  servicesSheet: 'Services',
  bannersSheet: 'Banners',
  offersSheet: 'Offers',
  serviceProvidersSheet: 'Providers',
  // Trade words (/servicesDetail): what customers type for the service
  tradeWordsTitle: 'Trade words',
  tradeWordsLead:
    'Words customers search for that mean this service, such as plumber or house cleaning. A search for one finds every provider of the service.',
  tradeWordLabel: 'Trade word',
  addTradeWord: 'Add',
  adding: 'Adding…',
  noTradeWords: 'No trade words yet.',
  removeTradeWord: (phrase: string) => `Remove ${phrase}`,
  tradeWordAdded: (phrase: string) => `Customers searching for “${phrase}” now find this service.`,
  tradeWordRemoved: (phrase: string) => `“${phrase}” no longer finds this service.`,
  tradeWordRequired: 'Please enter a trade word.',
  tradeWordTooLong: 'A trade word can be at most 40 characters.',
  tradeWordTooManyWords: 'A trade word can be at most 3 words.',
  tradeWordTaken: 'This service already has that trade word.',
  tradeWordsFull: 'A service can have at most 40 trade words. Remove one first.',
  tradeWordNotFound: 'This service has no such trade word.',
} as const;
