// The member's own wallet. Signed-in members only; whose wallet comes from the
// session, never from the request. Each handler: authenticate → validate → service → envelope.
// The back-office's wallet calls are wallet.admin.routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failure, ok, okPage, pageQuery } from '../../../contract/common.js';
import { memberWalletText as t } from '../../../contract/messages.js';
import { moveBody, moveResult, riskLabel, withdrawBody } from '../../../contract/member-wallet.js';
import { api } from '../../../contract/paths.js';
import { walletFigures, walletTransaction } from '../../../contract/wallet.js';
import { perMember } from '../../platform/rate-limit.js';
import { caller, requireMember } from '../auth/auth.guard.js';
import * as wallet from './wallet.service.js';

const tags = ['wallet (member)'];
const security = [{ bearer: [] }];
const signedIn = { 401: failure, 403: failure };
const moveRefusals = { 400: failure, ...signedIn, 409: failure, 422: failure, 429: failure };
/**
 * Money moves have budgets of their own, well below the default write limits: more than this is
 * a script, not a member. Investing and moving back share one.
 */
export const walletLimits = { movesPerHour: 60, withdrawsPerDay: 20 } as const;
const moves = perMember('wallet-moves', walletLimits.movesPerHour, '1 hour');
const withdraws = perMember('withdraws', walletLimits.withdrawsPerDay, '1 day');
/** `$12.50`, as the member typed it. */
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const member = requireMember();

  app.get(
    api.walletMe,
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary:
          "The caller's wallet figures in cents: free amount, Conservative (lowRisk) and Aggressive (highRisk) parts, reserved for withdraws, deposited, withdrawn, interest earned (zeros without a wallet)",
        response: { 200: ok(walletFigures), ...signedIn },
      },
    },
    async (request) => ({ status: 1 as const, data: await wallet.myWallet(db(), caller(request).id) }),
  );

  app.get(
    api.walletTransactions,
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: "The caller's transactions, newest first, a page at a time (amounts in cents)",
        querystring: pageQuery,
        response: { 200: okPage(walletTransaction), 400: failure, ...signedIn },
      },
    },
    async (request) => {
      const { items, meta } = await wallet.transactionsOf(db(), caller(request).id, request.query);
      return { status: 1 as const, data: items, meta };
    },
  );

  // Investing and moving back are one move in two directions: the same route, each with its path,
  // its description and its answer.
  const moveRoutes = [
    {
      path: api.walletInvest,
      kind: 'invest',
      summary:
        'Moves `amount` dollars (> 0, at most 2 decimals) from the free amount into a risk category (lowrisk Conservative, highrisk Aggressive). ' +
        '409 when the free amount holds less; answers the wallet afterwards',
      message: t.invested,
    },
    {
      path: api.walletDivest,
      kind: 'divest',
      summary:
        'Moves `amount` dollars from a risk category back to the free amount. 409 when the category holds less; answers the wallet afterwards',
      message: t.divested,
    },
  ] as const;
  for (const move of moveRoutes) {
    app.post(
      move.path,
      {
        onRequest: member,
        config: { limits: [moves], idempotent: true },
        schema: {
          tags,
          security,
          summary: move.summary,
          body: moveBody,
          response: { 200: ok(moveResult), ...moveRefusals },
        },
      },
      async (request) => {
        const { risk, amount } = request.body;
        const data = await wallet.moveMoney(db(), caller(request).id, move.kind, risk, amount);
        return { status: 1 as const, message: move.message(usd(amount), riskLabel(risk)), data };
      },
    );
  }

  app.post(
    api.walletWithdraw,
    {
      onRequest: member,
      config: { limits: [withdraws], idempotent: true },
      schema: {
        tags,
        security,
        summary:
          "Requests a withdraw of `amount` dollars of the free amount: reserved at once (a withdraw transaction with status '3'), " +
          'paid out or released when an admin initiates or cancels it on /withdraw. 409 when the free amount holds less',
        body: withdrawBody,
        response: { 200: ok(moveResult), ...moveRefusals },
      },
    },
    async (request) => {
      const data = await wallet.requestWithdraw(db(), caller(request).id, request.body.amount);
      return { status: 1 as const, message: t.withdrawRequested(usd(request.body.amount)), data };
    },
  );
};
