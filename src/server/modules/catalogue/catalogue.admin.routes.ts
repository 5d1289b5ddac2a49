// The admin's catalogue, administrators only: the lists of services (/services), banners
// (/banners), offers (/offers) and of one service's providers (/servicesDetail), each a page and
// its Excel export (platform/listing.ts); add, edit and delete services (categories), add and
// delete banners and offers, and one service for /servicesDetail. The add and edit calls are
// multipart forms (text fields plus image files, checked by content and re-encoded,
// platform/images.ts). The deletes are GETs (the API's paths are kept as they are): sessions are Bearer tokens,
// never cookies, so a link elsewhere cannot make an admin's browser delete anything. Every change
// forgets the cached catalogue reads, so customers see it at once.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOffer,
  adminService,
  banner,
  bannerForm,
  bannerListQuery,
  catalogueFiles,
  offerForm,
  offerListQuery,
  serviceForm,
  serviceListQuery,
  serviceProvider,
  serviceProviderListQuery,
  serviceUpdateForm,
  tradeWord,
  tradeWordForm,
  tradeWordLimits,
} from '../../../contract/catalogue.js';
import { failure, idParam, ok, okMessage } from '../../../contract/common.js';
import { adminCatalogueText as t, notice } from '../../../contract/messages.js';
import { adminLists } from '../../../contract/endpoints/listings.js';
import { api } from '../../../contract/paths.js';
import { putImage, readImageForm } from '../../platform/images.js';
import { releaseImages } from '../../platform/media.js';
import { registerListing } from '../../platform/listing.js';
import { requireAdmin } from '../auth/auth.guard.js';
import { bannerListing, offerListing, serviceListing, serviceProviderListing } from './catalogue.admin.listing.js';
import { catalogueCache } from './catalogue.cache.js';
import * as catalogue from './catalogue.service.js';
import { addTradeWord, removeTradeWord, tradeWordsOf } from './catalogue.trade-words.js';

const tags = ['catalogue admin'];
/** The lists keep the tag of the back-office's other lists in the OpenAPI document. */
const listTags = ['admin'];
const security = [{ bearer: [] }];
const refusals = { 400: failure, 401: failure, 403: failure, 404: failure };
const uploadRefusals = { ...refusals, 413: failure, 422: failure };
const imageRule =
  'JPEG, PNG or WebP by content, at most 5 MB (413) and 8000 px a side (422), stored re-encoded as WebP';

/** The OpenAPI picture of a multipart form; the handler reads the parts itself, so the body is left unchecked here. */
const formDoc = (fields: Record<string, string>, files: Record<string, string>) =>
  z
    .object({
      ...Object.fromEntries(
        Object.entries(fields).map(([name, description]) => [name, z.string().meta({ description })]),
      ),
      ...Object.fromEntries(
        Object.entries(files).map(([name, description]) => [
          name,
          z.unknown().meta({ type: 'string', format: 'binary', description }),
        ]),
      ),
    })
    .nullish();

const { image, aboutImage } = catalogueFiles;
/** Where each kind of image is stored, under /uploads. */
const folders = { services: 'services', banners: 'banners', offers: 'offers' } as const;

export const catalogueAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const adminOnly = requireAdmin();
  const storage = () => app.deps.storage;
  /** After a change has committed: the images it let go of, unless another row still shows them. */
  const release = (request: FastifyRequest, images: readonly (string | null)[]) =>
    releaseImages({ db: db(), storage: storage(), log: request.log }, images);
  /** Customers see a change at once: the cached catalogue reads are forgotten. */
  const changed = () => catalogueCache.invalidate(app.readCache);

  registerListing(app, {
    endpoint: adminLists.services,
    guard: adminOnly,
    listing: serviceListing,
    query: serviceListQuery,
    row: adminService,
    tags: listTags,
    summary:
      'Services (/services): the categories not archived, by title, each with how many providers offer it; q searches the title',
  });
  registerListing(app, {
    endpoint: adminLists.serviceProviders,
    guard: adminOnly,
    listing: serviceProviderListing,
    query: serviceProviderListQuery,
    row: serviceProvider,
    tags: listTags,
    summary:
      'The providers offering one service (/servicesDetail, categoryId required), by name; q searches name, email and phone; ' +
      "status narrows them to Active ('1') or Deactive ('0')",
  });
  registerListing(app, {
    endpoint: adminLists.banners,
    guard: adminOnly,
    listing: bannerListing,
    query: bannerListQuery,
    row: banner,
    tags: listTags,
    summary: 'Banners (/banners), newest first; q searches the title',
  });
  registerListing(app, {
    endpoint: adminLists.offers,
    guard: adminOnly,
    listing: offerListing,
    query: offerListQuery,
    row: adminOffer,
    tags: listTags,
    summary: 'Offers (/offers), active or not, newest first, amount in cents; q searches name and title',
  });

  // ------------------------------------------------------------ services
  app.post(
    api.addService,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: `Add a service (category): multipart/form-data with title and the file "${image}" (${imageRule})`,
        consumes: ['multipart/form-data'],
        body: formDoc({ title: 'Required, at most 80 characters' }, { [image]: 'Required' }),
        response: { 200: ok(adminService), ...uploadRefusals },
      },
    },
    async (request) => {
      const form = await readImageForm(request, serviceForm, { [image]: 'required' });
      const stored = await putImage(storage(), form.images.image, folders.services);
      const data = await catalogue.addService(db(), { title: form.data.title, image: stored });
      changed();
      return { status: 1 as const, message: notice.submitted, data };
    },
  );

  app.post(
    api.updateService,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: `Edit a service: multipart/form-data with _id, title and optionally a new file "${image}" (${imageRule}); an archived service is 404`,
        consumes: ['multipart/form-data'],
        body: formDoc(
          { _id: 'The service', title: 'Required, at most 80 characters' },
          { [image]: 'Optional: the current image stays' },
        ),
        response: { 200: ok(adminService), ...uploadRefusals },
      },
    },
    async (request) => {
      const form = await readImageForm(request, serviceUpdateForm, { [image]: 'optional' });
      // Before storing the file: an unknown service leaves no orphan behind.
      await catalogue.assertActiveService(db(), form.data._id);
      const upload = form.images.image;
      const stored = upload ? await putImage(storage(), upload, folders.services) : undefined;
      const { service, replacedImage } = await catalogue
        .updateService(db(), form.data._id, { title: form.data.title, image: stored })
        .catch(async (error: unknown) => {
          // Archived since the check: the new image goes again, unless another row shows it.
          await release(request, [stored ?? null]);
          throw error;
        });
      changed();
      await release(request, [replacedImage]);
      return { status: 1 as const, message: notice.submitted, data: service };
    },
  );

  app.get(
    api.deleteService,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          'Delete a service: it is archived, so it leaves every list while past bookings keep showing it; unknown or already archived is 404',
        params: idParam,
        response: { 200: okMessage, ...refusals },
      },
    },
    async (request) => {
      await catalogue.archiveService(db(), request.params.id);
      changed();
      return { status: 1 as const, message: notice.userDeleted };
    },
  );

  app.get(
    api.adminServiceDetail,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'One service for /servicesDetail, archived or not, with how many providers offer it',
        params: idParam,
        response: { 200: ok(adminService), ...refusals },
      },
    },
    async (request) => ({ status: 1 as const, data: await catalogue.getAdminService(db(), request.params.id) }),
  );

  // ------------------------------------------------------------ trade words
  app.get(
    api.adminTradeWords,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: "A service's trade words, A to Z: what customers type for it (plumber, house cleaning)",
        params: idParam,
        response: { 200: ok(tradeWord.array()), ...refusals },
      },
    },
    async (request) => ({ status: 1 as const, data: await tradeWordsOf(db(), request.params.id) }),
  );

  app.post(
    api.adminTradeWords,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: `Add a trade word to a live service: a search for it then finds every provider of the service. One to ${tradeWordLimits.maxWords} words, at most ${tradeWordLimits.maxLength} characters, stored lower case without accents; at most ${tradeWordLimits.perService} a service (409 beyond, and for a word it has)`,
        params: idParam,
        body: tradeWordForm,
        response: { 200: ok(tradeWord), ...refusals, 409: failure },
      },
    },
    async (request) => {
      const data = await addTradeWord(db(), request.params.id, request.body.phrase);
      catalogueCache.invalidate(app.readCache, 'tradeWords');
      return { status: 1 as const, message: t.tradeWordAdded(data.phrase), data };
    },
  );

  app.delete(
    api.adminTradeWords,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: "Remove one of a service's trade words (`phrase` in the query); one it does not have is 404",
        params: idParam,
        querystring: tradeWordForm,
        response: { 200: okMessage, ...refusals },
      },
    },
    async (request) => {
      await removeTradeWord(db(), request.params.id, request.query.phrase);
      catalogueCache.invalidate(app.readCache, 'tradeWords');
      return { status: 1 as const, message: t.tradeWordRemoved(request.query.phrase) };
    },
  );

  // ------------------------------------------------------------ banners
  app.post(
    api.addBanner,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: `Add a banner: multipart/form-data with title and the file "${image}" (${imageRule})`,
        consumes: ['multipart/form-data'],
        body: formDoc({ title: 'Required, at most 80 characters' }, { [image]: 'Required' }),
        response: { 200: ok(banner), ...uploadRefusals },
      },
    },
    async (request) => {
      const form = await readImageForm(request, bannerForm, { [image]: 'required' });
      const stored = await putImage(storage(), form.images.image, folders.banners);
      const data = await catalogue.addBanner(db(), { title: form.data.title, image: stored });
      changed();
      return { status: 1 as const, message: notice.submitted, data };
    },
  );

  app.get(
    api.deleteBanner,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Delete a banner; unknown is 404',
        params: idParam,
        response: { 200: okMessage, ...refusals },
      },
    },
    async (request) => {
      const { images } = await catalogue.deleteBanner(db(), request.params.id);
      changed();
      await release(request, images);
      return { status: 1 as const, message: notice.deleted };
    },
  );

  // ------------------------------------------------------------ offers
  app.post(
    api.addOffer,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          `Add an offer: multipart/form-data with name, title, amount (dollars, at most 2 decimals; stored and answered in cents), offer, ` +
          `the file "${image}" and optionally the file "${aboutImage}" (${imageRule})`,
        consumes: ['multipart/form-data'],
        body: formDoc(
          {
            name: 'Required',
            title: 'Required',
            amount: 'Dollars, greater than 0, at most 2 decimals',
            offer: 'Required, the offer text',
          },
          { [image]: 'Required', [aboutImage]: 'Optional' },
        ),
        response: { 200: ok(adminOffer), ...uploadRefusals },
      },
    },
    async (request) => {
      const form = await readImageForm(request, offerForm, { [image]: 'required', [aboutImage]: 'optional' });
      const { amount, ...text } = form.data;
      const about = form.images.aboutimage;
      const data = await catalogue.addOffer(db(), {
        ...text,
        amountCents: amount,
        image: await putImage(storage(), form.images.image, folders.offers),
        aboutImage: about ? await putImage(storage(), about, folders.offers) : null,
      });
      changed();
      return { status: 1 as const, message: notice.submitted, data };
    },
  );

  app.get(
    api.deleteOffer,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Delete an offer; unknown is 404',
        params: idParam,
        response: { 200: okMessage, ...refusals },
      },
    },
    async (request) => {
      const { images } = await catalogue.deleteOffer(db(), request.params.id);
      changed();
      await release(request, images);
      return { status: 1 as const, message: notice.deleted };
    },
  );
};
