// The catalogue's public reads and the admin's calls (paths/catalogue.ts), typed by the schemas of
// catalogue.ts. Adding and editing a service, a banner or an offer are multipart uploads.
import type { z } from 'zod';
import type {
  adminOffer,
  adminService,
  banner,
  category,
  offer,
  topProviderCard,
  tradeWord,
  tradeWordForm,
} from '../catalogue.js';
import { adminOnly, deleting, getting, posting, uploading } from '../endpoint.js';
import { api } from '../paths/catalogue.js';

export const catalogueEndpoints = {
  categories: getting<z.infer<typeof category>[]>(api.serviceListing),
  offers: getting<z.infer<typeof offer>[]>(api.offerListing),
  topProviders: getting<z.infer<typeof topProviderCard>[]>(api.topServiceProvider),
};

export const catalogueAdminEndpoints = adminOnly({
  service: getting<z.infer<typeof adminService>>(api.adminServiceDetail),
  addService: uploading<z.infer<typeof adminService>>(api.addService),
  updateService: uploading<z.infer<typeof adminService>>(api.updateService),
  addBanner: uploading<z.infer<typeof banner>>(api.addBanner),
  addOffer: uploading<z.infer<typeof adminOffer>>(api.addOffer),
  /** A GET, the API's path as it is: archives the service, answers a message. */
  deleteService: getting<undefined>(api.deleteService),
  tradeWords: getting<z.infer<typeof tradeWord>[]>(api.adminTradeWords),
  addTradeWord: posting<z.input<typeof tradeWordForm>, z.infer<typeof tradeWord>>(api.adminTradeWords),
  /** The phrase goes in the query. */
  removeTradeWord: deleting<undefined>(api.adminTradeWords),
  /** A GET, the API's path as it is; answers a message. */
  deleteBanner: getting<undefined>(api.deleteBanner),
  /** A GET, the API's path as it is; answers a message. */
  deleteOffer: getting<undefined>(api.deleteOffer),
});
