// The provider portal's profile, schedule and earnings. Providers only: a customer or an
// admin is refused with 403. Everything is the caller's own; no id of another provider is taken.
// The photo goes through the members' image upload (POST /members/profileimage).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failure, ok, okPage, pageQuery } from '../../../contract/common.js';
import { providerPortalText as t } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import {
  blockBody,
  blockParams,
  calendarQuery,
  dayOffBody,
  dayOffParams,
  earnings,
  jobItem,
  portalProfile,
  profileBody,
  schedule,
  scheduleBody,
  providerCalendar,
  timeBlock,
} from '../../../contract/portal.js';
import { caller, requireRole } from '../auth/auth.guard.js';
import * as calendar from './providers.calendar.service.js';
import * as portal from './providers.portal.service.js';

const tags = ['provider portal'];
const security = [{ bearer: [] }];
const errors = { 400: failure, 401: failure, 403: failure, 409: failure };
const notFoundToo = { ...errors, 404: failure };

export const providersPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const onRequest = requireRole('provider');

  app.get(
    api.providerProfile,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'The caller’s provider profile, whether it is complete, its status (Deactive until an admin sets Active) and whether customers see it',
        response: { 200: ok(portalProfile), ...errors },
      },
    },
    async (request) => ({ status: 1 as const, data: await portal.getPortalProfile(db(), caller(request).id) }),
  );

  app.put(
    api.providerProfile,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Save the caller’s profile: services (categories not archived, 1–6), charges in dollars (2 decimals), city (austin, dallas, nyc: sets the time zone), address and about. Customers see the provider only once it is Active',
        body: profileBody,
        response: { 200: ok(portalProfile), ...errors },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: t.profileSaved,
      data: await portal.savePortalProfile(db(), caller(request).id, request.body),
    }),
  );

  app.get(
    api.providerSchedule,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'The caller’s weekly hours, slot length, travel buffer and days off from today on',
        response: { 200: ok(schedule), ...errors },
      },
    },
    async (request) => ({ status: 1 as const, data: await portal.getSchedule(db(), caller(request).id, new Date()) }),
  );

  app.put(
    api.providerSchedule,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Replace the caller’s weekly hours (one HH:MM interval per open weekday, at least one day open) and set slot length (15–240) and travel buffer (0–240 minutes). 409 before the profile is saved',
        body: scheduleBody,
        response: { 200: ok(schedule), ...errors },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: t.saved,
      data: await portal.saveSchedule(db(), caller(request).id, request.body, new Date()),
    }),
  );

  app.post(
    api.providerDaysOff,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Add a day off (YYYY-MM-DD, today or later in the provider’s time zone; at most 60 ahead)',
        body: dayOffBody,
        response: { 200: ok(schedule), ...errors },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: t.dayOffAdded,
      data: await portal.addDayOff(db(), caller(request).id, request.body.day, new Date()),
    }),
  );

  app.delete(
    api.providerDayOff,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Remove one of the caller’s days off',
        params: dayOffParams,
        response: { 200: ok(schedule), ...errors },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: t.dayOffRemoved,
      data: await portal.removeDayOff(db(), caller(request).id, request.params.day, new Date()),
    }),
  );

  app.get(
    api.providerCalendar,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'The caller’s calendar for `days` days (1–7, default 7) from `from` (YYYY-MM-DD), in its time zone: each day’s working hours, whether it is a day off, its requested and accepted jobs and its blocked times. 409 before the profile is saved',
        querystring: calendarQuery,
        response: { 200: ok(providerCalendar), ...errors },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await calendar.getCalendar(db(), caller(request).id, request.query, new Date()),
    }),
  );

  app.post(
    api.providerBlocks,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Block a time range of one day (YYYY-MM-DD, HH:MM–HH:MM, in the caller’s time zone): customers can no longer book it. Not a time that has passed, not over a requested or accepted job (409), at most 60 from today on (409)',
        body: blockBody,
        response: { 200: ok(timeBlock), ...errors },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: t.blockAdded,
      data: await calendar.addBlock(db(), caller(request).id, request.body, new Date()),
    }),
  );

  app.delete(
    api.providerBlock,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Remove one of the caller’s blocked times: it can be booked again',
        params: blockParams,
        response: { 200: ok(timeBlock), ...notFoundToo },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: t.blockRemoved,
      data: await calendar.removeBlock(db(), caller(request).id, request.params.id),
    }),
  );

  app.get(
    api.providerEarnings,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'The caller’s completed jobs and their charges in total and by month (the last 12 months with jobs, newest first)',
        response: { 200: ok(earnings), ...errors },
      },
    },
    async (request) => ({ status: 1 as const, data: await portal.getEarnings(db(), caller(request).id) }),
  );

  app.get(
    api.providerEarningsJobs,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'The caller’s completed jobs, newest first, paginated',
        querystring: pageQuery,
        response: { 200: okPage(jobItem), ...errors },
      },
    },
    async (request) => {
      const { items, meta } = await portal.listEarningJobs(db(), caller(request).id, request.query);
      return { status: 1 as const, data: items, meta };
    },
  );
};
