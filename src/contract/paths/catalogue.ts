// The catalogue: services, banners and offers. Web routes and API paths (relative to `/v1`).

export const routes = {
  servicesNew: '/Services_new',
  servicesDetail: '/Services_detail',
  servicesDetailAdmin: '/servicesDetail',
  services: '/services',
  banners: '/banners',
  offers: '/offers',
} as const;

export const api = {
  serviceListing: '/services/servicelisting',
  offerListing: '/services/offerListing',
  topServiceProvider: '/services/topserviceprovider',
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
  /** A service's trade words: GET lists them, POST adds one, DELETE (`phrase` in the query) removes one. */
  adminTradeWords: '/admin/services/:id/trade-words',
  /** The providers of one service (`categoryId` in the query). */
  adminServiceProviders: '/admin/services/providers',
  adminBanners: '/admin/banners',
  adminOffers: '/admin/offers',
} as const;
