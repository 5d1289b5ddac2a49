// The provider's jobs (the provider portal): the list by tab, the tabs' counts and the answers
// Accept, Decline, Mark completed. Providers only (403 for customers and admins); another
// provider's booking is refused with 403 by the service. Each answer's notification, and its live
// event, are written with it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failure, ok, okPage } from '../../../contract/common.js';
import { providerPortalText as t } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import {
  jobActionParams,
  jobCounts,
  jobItem,
  jobsQuery,
  providerHome as providerHomeSchema,
  type JobAction,
} from '../../../contract/portal.js';
import { z } from 'zod';
import { caller, requireRole } from '../auth/auth.guard.js';
import { settleCardsSoon } from '../../jobs.js';
import { reopenWithinSeconds } from './bookings.payment.js';
import { answerJob, countJobs, listJobs, providerHome } from './jobs.portal.service.js';

const tags = ['provider portal'];
const security = [{ bearer: [] }];

const answered: Record<JobAction, string> = {
  accept: t.accepted,
  decline: t.declined,
  complete: t.completed,
  reopen: t.reopened,
};

export const jobsPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.get(
    api.providerJobs,
    {
      onRequest: requireRole('provider'),
      schema: {
        tags,
        security,
        summary:
          'The caller’s jobs by tab: requested (to answer) and upcoming (accepted, start ahead) soonest first; toComplete (accepted, start passed: to mark completed) and past (completed, declined, cancelled, expired) newest first; paginated',
        querystring: jobsQuery,
        response: { 200: okPage(jobItem), 400: failure, 401: failure, 403: failure },
      },
    },
    async (request) => {
      const { items, meta } = await listJobs(db(), caller(request).id, request.query);
      return { status: 1 as const, data: items, meta };
    },
  );

  app.get(
    api.providerHome,
    {
      onRequest: requireRole('provider'),
      schema: {
        tags,
        security,
        summary:
          'The caller’s home: the job tabs’ counts, the requests that expire first (with `expiresAt`), today’s and tomorrow’s accepted jobs by time (the provider’s own days), this month’s completed jobs and their sum, and unread messages',
        response: { 200: ok(providerHomeSchema), 401: failure, 403: failure },
      },
    },
    async (request) => ({ status: 1 as const, data: await providerHome(db(), caller(request).id) }),
  );

  app.get(
    api.providerJobCounts,
    {
      onRequest: requireRole('provider'),
      schema: {
        tags,
        security,
        summary:
          'How many of the caller’s jobs the requested, upcoming and toComplete tabs hold (the same rules as the list); past is not counted',
        response: { 200: ok(jobCounts), 401: failure, 403: failure },
      },
    },
    async (request) => ({ status: 1 as const, data: await countJobs(db(), caller(request).id) }),
  );

  app.post(
    api.providerJobAction,
    {
      onRequest: requireRole('provider'),
      schema: {
        tags,
        security,
        summary: `Answer one of the caller’s bookings: accept or decline a requested one (accept only before its time), complete an accepted one once its time has passed (the provider’s time zone), reopen one completed in the last ${reopenWithinSeconds} seconds (Undo: accepted again, a wallet payment held again and the earning taken back; 409 once rated or when the earning has left the wallet). 403 for another provider’s booking, 404 unknown, 409 when the booking is not in that state (also when a concurrent answer came first)`,
        params: jobActionParams,
        response: {
          200: ok(z.object({ _id: z.uuid(), status: jobItem.shape.status })),
          400: failure,
          401: failure,
          403: failure,
          404: failure,
          409: failure,
        },
      },
    },
    async (request) => {
      const { id, action } = request.params;
      const status = await answerJob(db(), caller(request), id, action);
      // A declined card booking's hold is released now, a completed one charged once its Undo passed.
      if (app.payments && status === 'declined') settleCardsSoon(app.deps.jobs);
      if (app.payments && status === 'completed') settleCardsSoon(app.deps.jobs, reopenWithinSeconds + 1);
      return { status: 1 as const, message: answered[action], data: { _id: id, status } };
    },
  );
};
