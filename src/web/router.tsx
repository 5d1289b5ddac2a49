// The route table: every page's path, in one place.
// Matching is case-insensitive: /services and /Services are one route. Every page is its own
// chunk; the admin pages never load for a customer. The public pages (`drawn`) also come from the
// server with their content (entry-server.tsx); the others are drawn in the browser.
import { Navigate, type RouteObject } from 'react-router';
import { filterKeys, routes as r, searchAreaKeys } from '../contract/paths.js';
import { PublicLayout } from './layout/PublicLayout.js';
import { Loading } from './ui/states.js';
import { RequireMember } from './features/auth/RequireMember.js';
import NotFoundPage from './features/content/NotFoundPage.js';
import { RouteError } from './features/content/RouteError.js';
// The first route is in the entry chunk, so `/` paints without waiting for another request.
import HomePage from './features/home/HomePage.js';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/**
 * Marks a route the server draws, naming the query parameters its page reads (its own components'
 * and hooks', the layout's too). The server sends a request with any other to the URL without them
 * and keeps the drawn page under that one URL (src/server/platform/pages.ts): a query string of the
 * visitor's choosing cannot make it draw again. A page that reads a new parameter names it here.
 */
const drawn = (...query: string[]) => ({ server: true as const, query });
/** The query parameters of a route the server draws; null for a route the browser alone draws. */
export const drawnQuery = (route: RouteObject): readonly string[] | null => {
  const handle = route.handle as ReturnType<typeof drawn> | undefined;
  return handle?.server === true ? handle.query : null;
};

/**
 * What both discovery pages keep in their URL: the area, the filters (`category`: /Search only), a
 * provider's dialog and the slot it opens the booking on (SlotBooking).
 */
const discovery = [...searchAreaKeys, ...filterKeys.filter((key) => key !== 'category'), 'provider', 'slot'];

/** A layout's pages: a page that fails shows RouteError inside the layout, which stays. */
const withinLayout = (children: RouteObject[]): RouteObject[] => [{ errorElement: <RouteError />, children }];

const faqPage = page(() => import('./features/content/FaqPage.js'));
const adminLogin = page(() => import('./features/admin/AdminLoginPage.js'));
const dashboard = page(() => import('./features/admin/DashboardPage.js'));

const table: RouteObject[] = [
  {
    element: <PublicLayout />,
    // Shown while the first lazy page of a visit loads.
    hydrateFallbackElement: <Loading />,
    children: withinLayout([
      // Public
      { handle: drawn(), path: r.home, element: <HomePage /> },
      { handle: drawn(), path: r.homeAlt, element: <HomePage /> },
      { handle: drawn(), path: r.aboutUs, lazy: page(() => import('./features/content/AboutPage.js')) },
      { path: r.aboutLanding, lazy: page(() => import('./features/content/AboutLanding.js')) },
      { handle: drawn(), path: r.contactUs, lazy: page(() => import('./features/content/ContactPage.js')) },
      { handle: drawn(), path: r.privacy, lazy: page(() => import('./features/content/PrivacyPage.js')) },
      { handle: drawn(), path: r.terms, lazy: page(() => import('./features/content/TermsPage.js')) },
      { handle: drawn(), path: r.faqs, lazy: faqPage },

      // Members: phone sign-in and registration
      { handle: drawn(), path: r.userLogin, lazy: page(() => import('./features/auth/UserLoginPage.js')) },
      { path: r.loginOtp, lazy: page(() => import('./features/auth/LoginOtpPage.js')) },
      { handle: drawn('ref'), path: r.userSignup, lazy: page(() => import('./features/auth/UserSignupPage.js')) },
      { path: r.userOtp, lazy: page(() => import('./features/auth/UserOtpPage.js')) },

      // Email accounts (template flows)
      { path: r.signup, lazy: page(() => import('./features/auth/SignupPage.js')) },
      { path: r.customerLogin, lazy: page(() => import('./features/auth/EmailLoginPage.js')) },
      { path: r.verifyAccount, lazy: page(() => import('./features/auth/VerifyAccountPage.js')) },
      { path: r.forgotPassword, lazy: page(() => import('./features/auth/ForgotPasswordPage.js')) },
      { path: r.updatePassword, lazy: page(() => import('./features/auth/UpdatePasswordPage.js')) },
      { path: r.emailSent, lazy: page(() => import('./features/auth/EmailSentPage.js')) },

      // Finding providers (public; booking asks to sign in)
      {
        handle: drawn('q', 'category', ...discovery),
        path: r.search,
        lazy: page(() => import('./features/providers/SearchPage.js')),
      },
      {
        handle: drawn('service', ...discovery),
        path: r.servicesBooking,
        lazy: page(() => import('./features/providers/ServicesBookingPage.js')),
      },
      { handle: drawn(), path: r.providerPage, lazy: page(() => import('./features/providers/ProviderPage.js')) },
      { handle: drawn(), path: r.categoryCity, lazy: page(() => import('./features/providers/CategoryCityPage.js')) },

      // Signed-in members
      {
        element: <RequireMember />,
        children: [
          { path: r.homeNew, lazy: page(() => import('./features/home/HomeNewPage.js')) },
          { path: r.favorites, lazy: page(() => import('./features/favorites/FavoritesPage.js')) },
          { path: r.ongoing, lazy: page(() => import('./features/bookings/OngoingPage.js')) },
          { path: r.history, lazy: page(() => import('./features/bookings/HistoryPage.js')) },
          { path: r.booking, lazy: page(() => import('./features/bookings/BookingPage.js')) },
          { path: r.messages, lazy: page(() => import('./features/messages/MessagesPage.js')) },
          { path: r.notifications, lazy: page(() => import('./features/notifications/NotificationsPage.js')) },
          { path: r.profiles, lazy: page(() => import('./features/members/ProfilesPage.js')) },
          { path: r.myProfile, lazy: page(() => import('./features/members/MyProfilePage.js')) },
          { path: r.servicesNew, lazy: page(() => import('./features/catalogue/ServicesNewPage.js')) },
          { path: r.servicesDetail, lazy: page(() => import('./features/catalogue/ServicesDetailPage.js')) },
          // Provider portal
          {
            path: r.providerPortal,
            lazy: page(() => import('./features/providers/portal/PortalLayout.js')),
            children: [
              { index: true, lazy: page(() => import('./features/bookings/portal/HomePage.js')) },
              { path: r.providerJobs, lazy: page(() => import('./features/bookings/portal/JobsPage.js')) },
              { path: r.providerCalendar, lazy: page(() => import('./features/providers/portal/CalendarPage.js')) },
              { path: r.providerSchedule, lazy: page(() => import('./features/providers/portal/SchedulePage.js')) },
              { path: r.providerProfile, lazy: page(() => import('./features/providers/portal/ProfilePage.js')) },
              { path: r.providerEarnings, lazy: page(() => import('./features/providers/portal/EarningsPage.js')) },
            ],
          },
          // Member wallet and tickets
          { path: r.wallet, lazy: page(() => import('./features/wallet/WalletPage.js')) },
          { path: r.newTicket, lazy: page(() => import('./features/support/NewTicketPage.js')) },
          { path: r.myTickets, lazy: page(() => import('./features/support/MyTicketsPage.js')) },
          { path: r.myTicket, lazy: page(() => import('./features/support/TicketPage.js')) },
        ],
      },

      { handle: drawn(), path: '*', element: <NotFoundPage /> },
    ]),
  },

  // `/faq` (any case): the admin FAQ management for a signed-in admin, else the public list in the
  // public layout; the route picks its layout itself.
  {
    handle: drawn(),
    path: r.faq,
    lazy: page(() => import('./features/content/FaqRoute.js')),
    hydrateFallbackElement: <Loading />,
  },

  // Administrators (own chunks; the shell checks the admin session)
  { path: r.adminLogin, lazy: adminLogin, hydrateFallbackElement: <Loading /> },
  { path: r.adminLoginAlt, lazy: adminLogin, hydrateFallbackElement: <Loading /> },
  {
    path: r.adminForgotPassword,
    lazy: page(() => import('./features/admin/AdminForgotPasswordPage.js')),
    hydrateFallbackElement: <Loading />,
  },
  {
    path: r.adminResetPassword,
    lazy: page(() => import('./features/admin/AdminResetPasswordPage.js')),
    hydrateFallbackElement: <Loading />,
  },
  {
    lazy: page(() => import('./features/admin/AdminShell.js')),
    hydrateFallbackElement: <Loading />,
    children: withinLayout([
      { path: r.dashboard, lazy: dashboard },
      { path: r.dashboardHome, lazy: dashboard },
      { path: r.sidebar, element: <Navigate to={r.dashboard} replace /> },
      // Members
      { path: r.userListing, lazy: page(() => import('./features/members/admin/UserListingPage.js')) },
      { path: r.vendor, lazy: page(() => import('./features/members/admin/VendorPage.js')) },
      // Bookings, ratings, referrals, vendor detail
      { path: r.bookingList, lazy: page(() => import('./features/bookings/admin/BookingListPage.js')) },
      { path: r.bookingDetail, lazy: page(() => import('./features/bookings/admin/BookingDetailPage.js')) },
      { path: r.ratings, lazy: page(() => import('./features/bookings/admin/RatingsPage.js')) },
      { path: r.referral, lazy: page(() => import('./features/members/admin/ReferralPage.js')) },
      { path: r.vendorDetail, lazy: page(() => import('./features/providers/admin/VendorDetailPage.js')) },
      // Catalogue: services, banners, offers, services detail
      { path: r.services, lazy: page(() => import('./features/catalogue/admin/ServicesPage.js')) },
      { path: r.servicesDetailAdmin, lazy: page(() => import('./features/catalogue/admin/ServicesDetailPage.js')) },
      { path: r.banners, lazy: page(() => import('./features/catalogue/admin/BannersPage.js')) },
      { path: r.offers, lazy: page(() => import('./features/catalogue/admin/OffersPage.js')) },
      // Support, tickets, notification, FAQ, terms and privacy
      { path: r.support, lazy: page(() => import('./features/support/admin/SupportPage.js')) },
      { path: r.tickets, lazy: page(() => import('./features/support/admin/TicketsPage.js')) },
      { path: r.ticketDetail, lazy: page(() => import('./features/support/admin/TicketDetailPage.js')) },
      { path: r.notification, lazy: page(() => import('./features/support/admin/NotificationPage.js')) },
      { path: r.termsAdmin, lazy: page(() => import('./features/content/admin/TermsAdminPage.js')) },
      { path: r.privacyAdmin, lazy: page(() => import('./features/content/admin/PrivacyAdminPage.js')) },
      // Money: user detail, withdraw, profit
      { path: r.userDetail, lazy: page(() => import('./features/wallet/admin/UserDetailPage.js')) },
      { path: r.withdraw, lazy: page(() => import('./features/wallet/admin/WithdrawPage.js')) },
      { path: r.profit, lazy: page(() => import('./features/wallet/admin/ProfitPage.js')) },
      // The marketplace's terms: platform fee, late-cancellation fee
      { path: r.settings, lazy: page(() => import('./features/bookings/admin/SettingsPage.js')) },
      // The administrator's own two-step sign-in
      { path: r.adminSecurity, lazy: page(() => import('./features/admin/SecurityPage.js')) },
    ]),
  },
];

/** Every route's failure is shown in the site's own look (RouteError), never the framework's screen. */
export const routeTable: RouteObject[] = table.map((route) => ({ errorElement: <RouteError />, ...route }));
