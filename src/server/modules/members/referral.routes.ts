// GET /members/referral (ours): the signed-in member's referral code and how many joined with it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failure, ok } from '../../../contract/common.js';
import { api } from '../../../contract/paths.js';
import { myReferral } from '../../../contract/referrals.js';
import { caller, requireMember } from '../auth/auth.guard.js';
import * as referral from './referral.service.js';

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    api.myReferral,
    {
      onRequest: requireMember(),
      schema: {
        tags: ['members'],
        security: [{ bearer: [] }],
        summary:
          "The caller's referral code (for <origin>/usersignup?ref=CODE and /signup?ref=CODE) and how many members joined with it",
        response: { 200: ok(myReferral), 401: failure, 403: failure },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await referral.myReferral(app.deps.database.db, caller(request).id),
    }),
  );
};
