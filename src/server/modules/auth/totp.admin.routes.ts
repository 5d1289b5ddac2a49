// An administrator's own two-step sign-in (/admin/security): see it, set the app up, turn it on
// or off, and make new recovery codes. Each change but the setup is proven by a code from the app.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { totpCodeBody, totpSetup, totpStatus } from '../../../contract/auth.js';
import { failure, ok, okMessage } from '../../../contract/common.js';
import { adminTotpText as t } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import { caller, requireAdmin } from './auth.guard.js';
import { currentUser } from './auth.service.js';
import { disableTotp, enableTotp, replaceRecoveryCodes, setUpTotp, totpStatus as statusOf } from './auth.totp.js';

const tags = ['admin: security'];
const security = [{ bearer: [] }];
const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
const refusals = { 400: failure, 401: failure, 403: failure, 409: failure, 429: failure };

export const totpAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const { config } = app.deps;

  app.get(
    api.adminTotp,
    {
      onRequest: requireAdmin(),
      schema: {
        tags,
        security,
        summary:
          "Whether the administrator's two-step sign-in is on, whether it is required, and its recovery codes left",
        response: { 200: ok(totpStatus), 401: failure, 403: failure },
      },
    },
    async (request) => ({ status: 1 as const, data: await statusOf(db(), config, caller(request).id) }),
  );

  app.post(
    api.adminTotpSetup,
    {
      onRequest: requireAdmin(),
      schema: {
        tags,
        security,
        summary:
          'A new key for an authenticator app (as text, link and QR code); it is on once a code from it is entered',
        response: { 200: ok(totpSetup), ...refusals },
      },
    },
    async (request) => {
      const { id } = caller(request);
      const { email } = await currentUser(db(), id);
      return { status: 1 as const, data: await setUpTotp(db(), id, email ?? id) };
    },
  );

  app.post(
    api.adminTotpEnable,
    {
      onRequest: requireAdmin(),
      schema: {
        tags,
        security,
        summary: 'Turn two-step sign-in on with the first code from the app; answers 10 recovery codes, shown once',
        body: totpCodeBody,
        response: { 200: ok(recoveryCodes), ...refusals },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: t.turnedOn,
      data: { recoveryCodes: await enableTotp(db(), caller(request).id, request.body.code) },
    }),
  );

  app.post(
    api.adminTotpRecoveryCodes,
    {
      onRequest: requireAdmin(),
      schema: {
        tags,
        security,
        summary: 'Replace the recovery codes (used or not) with 10 new ones, proven by a code from the app',
        body: totpCodeBody,
        response: { 200: ok(recoveryCodes), ...refusals },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: t.codesMade,
      data: { recoveryCodes: await replaceRecoveryCodes(db(), caller(request).id, request.body.code) },
    }),
  );

  app.post(
    api.adminTotpDisable,
    {
      onRequest: requireAdmin(),
      schema: {
        tags,
        security,
        summary: 'Turn two-step sign-in off, proven by a code from the app (403 where it is required)',
        body: totpCodeBody,
        response: { 200: okMessage, ...refusals },
      },
    },
    async (request) => {
      await disableTotp(db(), config, caller(request).id, request.body.code);
      return { status: 1 as const, message: t.turnedOff };
    },
  );
};
