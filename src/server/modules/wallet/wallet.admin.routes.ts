// The wallet back-office (/transaction/* and /services/updateUserStatus), with the withdraw
// requests' list and its Excel export (platform/listing.ts). Every route is for administrators
// only; each handler: authenticate → validate → service → envelope. The member's own wallet is
// wallet.routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failure, ok, okMessage, okPage } from '../../../contract/common.js';
import { notice, walletText } from '../../../contract/messages.js';
import { adminLists } from '../../../contract/endpoints/listings.js';
import { api } from '../../../contract/paths.js';
import {
  addBalanceBody,
  adminDistributionBody,
  blockResult,
  blockUserBody,
  calculatePercentageBody,
  distributionNotificationBody,
  distributionPreview,
  distributionResult,
  memberDetail,
  memberIdParams,
  memberTicket,
  memberTicketQuery,
  memberTransactionQuery,
  riskCategory,
  statusResult,
  updateUserStatusBody,
  walletTransaction,
  withdrawActionBody,
  withdrawListQuery,
  withdrawRequest,
} from '../../../contract/wallet.js';
import { registerListing } from '../../platform/listing.js';
import { caller, requireAdmin } from '../auth/auth.guard.js';
import { catalogueCache } from '../catalogue/catalogue.cache.js';
import * as wallet from './wallet.admin.service.js';
import { withdrawListing } from './withdraw.admin.listing.js';

const tags = ['wallet'];
const security = [{ bearer: [] }];
const refusals = { 400: failure, 401: failure, 403: failure, 404: failure };
const transactionPage = okPage(walletTransaction);
const ticketPage = okPage(memberTicket);

export const walletAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const adminOnly = requireAdmin();
  /** A provider's status or block decides whether customers see it: the cached top list forgets. */
  const providerChanged = (role: string) => {
    if (role === 'provider') catalogueCache.invalidate(app.readCache, 'topProviders');
  };

  app.get(
    api.riskCategories,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          'The two fixed risk categories: lowrisk (Conservative) and highrisk (Aggressive), with the ids /profit sends',
        response: { 200: ok(riskCategory.array()), 401: failure, 403: failure },
      },
    },
    async () => ({ status: 1 as const, data: await wallet.listRiskCategories(db()) }),
  );

  app.get(
    api.userAllDetail,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          'A member (customer or provider) for /userDetail: the user, the wallet figures in cents (zeros without a wallet), ' +
          'the first page of their transactions newest first (with its page meta) and their 20 newest tickets',
        params: memberIdParams,
        response: { 200: ok(memberDetail), ...refusals },
      },
    },
    async (request) => ({ status: 1 as const, data: await wallet.memberDetail(db(), request.params.id) }),
  );

  app.get(
    api.userTransactions,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          "A member's transactions, newest first, a page at a time (amounts in cents); " +
          "status ('0' Pending, '1' Accepted, '-1' Rejected, '3' Awaiting) narrows them to one",
        params: memberIdParams,
        querystring: memberTransactionQuery,
        response: { 200: transactionPage, ...refusals },
      },
    },
    async (request) => {
      const { items, meta } = await wallet.memberTransactions(db(), request.params.id, request.query);
      return { status: 1 as const, data: items, meta };
    },
  );

  app.get(
    api.userTickets,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          "A member's tickets for /userDetail, newest first, a page at a time; status (pending, resolved) narrows them to one",
        params: memberIdParams,
        querystring: memberTicketQuery,
        response: { 200: ticketPage, ...refusals },
      },
    },
    async (request) => {
      const { items, meta } = await wallet.memberTickets(db(), request.params.id, request.query);
      return { status: 1 as const, data: items, meta };
    },
  );

  app.post(
    api.addBalanceToUser,
    {
      onRequest: adminOnly,
      config: { idempotent: true },
      schema: {
        tags,
        security,
        summary:
          'Add Balance: a settled deposit of `amount` dollars (number or text, > 0, at most 2 decimals, at most 1,000,000) to the member, ' +
          'converted to cents exactly; raises the wallet amount and deposit total (a wallet is created when missing)',
        body: addBalanceBody,
        response: { 200: okMessage, ...refusals, 422: failure },
      },
    },
    async (request) => {
      await wallet.addBalance(db(), caller(request).id, request.body.id, request.body.amount);
      return { status: 1 as const, message: notice.balanceAdded };
    },
  );

  registerListing(app, {
    endpoint: adminLists.withdrawals,
    guard: adminOnly,
    listing: withdrawListing,
    query: withdrawListQuery,
    row: withdrawRequest,
    tags,
    summary:
      "Withdraw requests (/withdraw), newest first: status '3' (awaiting the admin) by default, one status, or `all`; " +
      "q searches the member's email and name and the title",
  });

  app.post(
    api.initiateWithdraw,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          "Pays out a withdraw request awaiting the admin (status '3' → '1'; the reserved amount becomes withdrawn). 409 once resolved",
        body: withdrawActionBody,
        response: { 200: okMessage, ...refusals, 409: failure },
      },
    },
    async (request) => {
      await wallet.resolveWithdraw(db(), caller(request).id, request.body.id, 'initiate');
      return { status: 1 as const, message: walletText.withdrawInitiated };
    },
  );

  app.post(
    api.cancelWithdraw,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          "Cancels a withdraw request awaiting the admin (status '3' → '-1'; the reserved amount returns to the wallet amount). 409 once resolved",
        body: withdrawActionBody,
        response: { 200: okMessage, ...refusals, 409: failure },
      },
    },
    async (request) => {
      await wallet.resolveWithdraw(db(), caller(request).id, request.body.id, 'cancel');
      return { status: 1 as const, message: walletText.withdrawCancelled };
    },
  );

  app.post(
    api.blockUser,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          'Blocks or unblocks a member; blocking ends all their sessions at once. Administrators cannot be blocked (400)',
        body: blockUserBody,
        response: { 200: ok(blockResult), ...refusals },
      },
    },
    async (request) => {
      const { id, isBlocked } = request.body;
      providerChanged(await wallet.setBlocked(db(), id, isBlocked));
      return { status: 1 as const, message: isBlocked ? notice.blocked : notice.unblocked, data: { isBlocked } };
    },
  );

  app.post(
    api.updateUserStatus,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          "Sets a customer's or provider's status: 0 Deactive, 1 Active (number or text); answers the stored '0' or '1'",
        body: updateUserStatusBody,
        response: { 200: ok(statusResult), ...refusals },
      },
    },
    async (request) => {
      const { _id, status } = request.body;
      providerChanged(await wallet.setStatus(db(), _id, status));
      return { status: 1 as const, message: notice.statusUpdated, data: { status } };
    },
  );

  app.post(
    api.calculatePercentage,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          'Calculate on /profit: what a profit or loss of `percentage` (at most 2 decimals; loss ≤ 100, profit ≤ 1000) on every wallet ' +
          'with money in the risk category would move: floor(amount × percentage / 100) cents each, their total, and the previewKey to apply it',
        body: calculatePercentageBody,
        response: { 200: ok(distributionPreview), 400: failure, 401: failure, 403: failure },
      },
    },
    async (request) => ({ status: 1 as const, data: await wallet.previewDistribution(db(), request.body) }),
  );

  app.post(
    api.adminDistribution,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          'Distribute on /profit: applies exactly the previewed cents, atomically: one adminProfit transaction per wallet, the category ' +
          'amount and interest changed by it. 409 when the wallets changed since the preview or the preview was already applied; 422 when nothing would move',
        body: adminDistributionBody,
        response: { 200: ok(distributionResult), 400: failure, 401: failure, 403: failure, 409: failure, 422: failure },
      },
    },
    async (request) => {
      const data = await wallet.applyDistribution(db(), caller(request).id, request.body);
      return { status: 1 as const, message: notice.submitted, data };
    },
  );

  app.post(
    api.sendDistributionNotification,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          'Posts a broadcast notification to every member (one row, read by each member’s notification list) and tells open pages live',
        body: distributionNotificationBody,
        response: { 200: okMessage, 400: failure, 401: failure, 403: failure },
      },
    },
    async (request) => {
      await wallet.broadcast(db(), caller(request).id, request.body.message);
      return { status: 1 as const, message: notice.sentSuccessfully };
    },
  );
};
