// The back-office's provider calls, administrators only: one provider's detail (/vendorDetail)
// and adding or correcting a contractor. The provider list itself is a member list
// (members.admin.routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminVendorBody, memberRow } from '../../../contract/admin.js';
import { failure, ok } from '../../../contract/common.js';
import { notice } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import { providerIdParam, vendorDetail } from '../../../contract/providers.js';
import { requireAdmin } from '../auth/auth.guard.js';
import { getVendorDetail, saveVendor } from './vendors.admin.service.js';

const tags = ['admin'];
const security = [{ bearer: [] }];

export const providersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const adminOnly = requireAdmin();

  app.post(
    api.adminAddVendor,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          'Adds a contractor (no id: a provider account, Deactive, phone taken as verified) or corrects one (id): UserName, phone, email ' +
          'with the member sign-up rules. 404 when id is not a provider; 409 when the phone or email belongs to someone else',
        body: adminVendorBody,
        response: { 200: ok(memberRow), 400: failure, 401: failure, 403: failure, 404: failure, 409: failure },
      },
    },
    async (request) => {
      const { UserName, phone, email, id } = request.body;
      const data = await saveVendor(db(), { name: UserName, phone, email }, id);
      return { status: 1 as const, message: notice.submitted, data };
    },
  );

  app.get(
    api.adminVendorDetail,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          'One provider for /vendorDetail, whatever its status: account, profile, services (archived marked), weekly hours. 404 for an unknown id or a non-provider',
        params: providerIdParam,
        response: { 200: ok(vendorDetail), 400: failure, 401: failure, 403: failure, 404: failure },
      },
    },
    async (request) => ({ status: 1 as const, data: await getVendorDetail(db(), request.params.id) }),
  );
};
