// The public site's pages and the admin's FAQ, terms and privacy. Web routes and API paths (relative to `/v1`).

export const routes = {
  home: '/',
  homeAlt: '/Home',
  homeNew: '/Home_new',
  aboutUs: '/AboutUs',
  aboutLanding: '/about-us',
  contactUs: '/ContactUs',
  faq: '/faq',
  faqs: '/Faqs',
  privacy: '/Privacy_Policy',
  terms: '/terms_conditions',
  termsAdmin: '/termscondition',
  privacyAdmin: '/privacypolicy',
} as const;

export const api = {
  faq: '/services/faq',
  termsCondition: '/services/termsCondition',
  privacyPolicy: '/services/privacyPolicy',
  adminFaqs: '/admin/faqs',
  addFaq: '/services/addfaq',
  updateFaq: '/services/updatefaq',
  deleteFaq: '/services/deletefaq/:id',
  /** `:key` is terms or privacy. */
  adminContentPage: '/admin/content/:key',
} as const;
