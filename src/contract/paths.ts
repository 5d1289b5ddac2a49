// Web routes and API paths in one place. Routes are matched case-insensitively by the router.

export const routes = {
  home: '/',
  homeAlt: '/Home',
  homeNew: '/Home_new',
  ongoing: '/Ongoing',
  servicesNew: '/Services_new',
  servicesBooking: '/Services_booking',
  servicesDetail: '/Services_detail',
  favorites: '/Favorites',
  history: '/History',
  notifications: '/Notifications',
  messages: '/Messages_new',
  profiles: '/Profiles',
  myProfile: '/my-profile',
  userLogin: '/userlogin',
  loginOtp: '/loginotp',
  userSignup: '/usersignup',
  userOtp: '/userotp',
  search: '/Search',
  aboutUs: '/AboutUs',
  aboutLanding: '/about-us',
  contactUs: '/ContactUs',
  faq: '/faq',
  faqs: '/Faqs',
  privacy: '/Privacy_Policy',
  terms: '/terms_conditions',
  // Email accounts (template flows)
  signup: '/signup',
  customerLogin: '/email-login',
  verifyAccount: '/verify-account',
  forgotPassword: '/forgot-password',
  resetUpdate: '/reset-password',
  updatePassword: '/update-password',
  emailSent: '/email-sent',
  // Admin
  adminLogin: '/login',
  adminLoginAlt: '/Loginpage',
  dashboard: '/dashboard',
  dashboardHome: '/DashboardHome',
  userListing: '/userlisting',
  userDetail: '/userDetail',
  vendor: '/vendor',
  vendorDetail: '/vendorDetail',
  servicesDetailAdmin: '/servicesDetail',
  bookingList: '/bookinglist',
  services: '/services',
  banners: '/banners',
  offers: '/offers',
  support: '/support',
  withdraw: '/withdraw',
  tickets: '/tickets',
  ticketDetail: '/ticketdetail',
  ratings: '/ratings',
  notification: '/notification',
  profit: '/profit',
  referral: '/referral',
  termsAdmin: '/termscondition',
  privacyAdmin: '/privacypolicy',
  sidebar: '/Sidebar',
  // Provider portal
  // Member wallet and tickets
} as const;

/** API paths, relative to the `/v1` prefix. */
export const api = {
  prefix: '/v1',
  health: '/health',
  // auth: members by phone
  memberSignup: '/members/signup',
  verifyOtp: '/auth/verify-otp',
  sendLoginOtp: '/user/login/send-otp',
  memberLogin: '/members/login',
  logout: '/auth/logout',
  me: '/auth/me',
  // auth: administrators
  adminLogin: '/auth/adminlogin',
  // auth: email accounts (designed by us; the specs show no paths)
  emailRegister: '/auth/register',
  emailLogin: '/auth/login',
  sendVerifyOtp: '/auth/send-verify-otp',
  verifyEmail: '/auth/verify-email',
  forgotPassword: '/ForgotPassword',
  verifyResetOtp: '/auth/verify-reset-otp',
  resetPassword: '/auth/reset-password',
  updatePassword: '/auth/update-password',
  devOutbox: '/dev/outbox',
  // catalogue and content
  serviceListing: '/services/servicelisting',
  offerListing: '/services/offerListing',
  topServiceProvider: '/services/topserviceprovider',
  faq: '/services/faq',
  termsCondition: '/services/termsCondition',
  privacyPolicy: '/services/privacyPolicy',
  contact: '/services/contact',
  // providers and search
  search: '/services/search',
  searchRecord: '/services/searchrecord',
  serviceUserList: '/services/serviceUserList/:serviceId',
  providerDetail: '/services/provider/:id',
  providerReviews: '/services/getUserRating/:id',
  // favorites
  favoriteListing: '/services/favoritelisting',
  checkFavorite: '/services/checkfavorite',
  addFavorite: '/services/addasfavorite',
  removeFavorite: '/services/removeasfavorite/:id',
  // bookings
  availableSlots: '/services/availableSlots/:providerId',
  addBooking: '/services/addbooking',
  ongoingBookings: '/services/ongoingBookingList/:userId',
  previousBookings: '/services/previousBookingList/:userId',
  cancelBooking: '/services/deletebooking/:id',
  addRating: '/services/addrating',
  placesAutocomplete: '/places/autocomplete',
  // messages and notifications
  messageList: '/services/messageList/:userId',
  messageListDetail: '/services/messageListDetail',
  sendMessage: '/services/sendMessage',
  notificationList: '/services/notificationList/:userId',
  notificationsRead: '/services/notifications/read',
  notificationsUnread: '/services/notifications/unread',
  liveEvents: '/live',
  // member profile
  memberProfile: '/members/getmemberlisting/:userId',
  updateProfile: '/members/updateprofile',
  profileImage: '/members/profileimage',
  // provider portal (jobs, schedule, profile, earnings)
  // reschedule
  // member wallet, tickets, referral
  // admin
  adminDashboard: '/admin/dashboard',
  /** Admin lists (ours: the spec shows no paths); each has `<path>/export` as well. */
  adminUsers: '/admin/users',
  adminVendors: '/admin/vendors',
  // admin: bookings, ratings, referrals, vendor detail
  adminBookings: '/admin/bookings',
  adminRatings: '/admin/ratings',
  hideRating: '/admin/ratings/hide',
  adminVendorDetail: '/admin/vendors/:id',
  adminReferralListing: '/transaction/adminReferralListing',
  // admin: catalogue (services, banners, offers)
  addService: '/services/service',
  updateService: '/services/updateservice',
  deleteService: '/services/deleteservice/:id',
  addBanner: '/services/banner',
  deleteBanner: '/services/deletebanner/:id',
  addOffer: '/services/offer',
  deleteOffer: '/services/deleteoffer/:id',
  adminServices: '/admin/services',
  /** One service for /servicesDetail, archived or not. */
  adminServiceDetail: '/admin/services/:id',
  /** The providers of one service (`categoryId` in the query). */
  adminServiceProviders: '/admin/services/providers',
  adminBanners: '/admin/banners',
  adminOffers: '/admin/offers',
  // admin: support, tickets, FAQ, terms and privacy
  adminSupport: '/admin/support',
  replayback: '/services/replayback',
  adminTicketsListing: '/users/adminticketsListing',
  adminTicket: '/admin/tickets/:id',
  adminTicketReplies: '/admin/tickets/:id/replies',
  adminTicketReply: '/admin/tickets/:id/reply',
  adminTicketResolve: '/admin/tickets/:id/resolve',
  adminBroadcasts: '/admin/broadcasts',
  adminFaqs: '/admin/faqs',
  addFaq: '/services/addfaq',
  updateFaq: '/services/updatefaq',
  deleteFaq: '/services/deletefaq/:id',
  /** `:key` is terms or privacy. */
  adminContentPage: '/admin/content/:key',
  // wallet (admin)
  riskCategories: '/transaction/riskCategories',
  userAllDetail: '/transaction/userAllDetail/:id',
  userTransactions: '/transaction/userTransactions/:id',
  addBalanceToUser: '/transaction/addBalanceToUser',
  unapprovedTransactionList: '/transaction/unapprovedTransactionList',
  initiateWithdraw: '/transaction/initiateAdminWithdrawRequest',
  cancelWithdraw: '/transaction/cancelWithdrawRequest',
  blockUser: '/transaction/blockUser',
  updateUserStatus: '/services/updateUserStatus',
  calculatePercentage: '/transaction/calculatePercentage',
  adminDistribution: '/transaction/adminDistribution',
  sendDistributionNotification: '/transaction/sendDistributionNotification',
} as const;

/** Fills `:name` segments of an API path: `fill(api.cancelBooking, { id })`. */
export function fill(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export const apiPath = (path: string) => `${api.prefix}${path}`;

/** Where uploaded and seeded images are served from. */
export const uploadsPrefix = '/uploads/';
