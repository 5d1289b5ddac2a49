// Request ids: one id per request, in the x-request-id header of every answer, in the body of
// every error and in the log lines about the request.
import { describe, expect, it } from 'vitest';
import { serverError } from '../../contract/messages.js';
import { memoryLogger, until, withApp } from '../test/harness.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const log = memoryLogger();
const ctx = withApp({}, { logger: log.logger });

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('x-request-id', () => {
  it('keeps a short plain id the caller sent, on success and on error', async () => {
    for (const id of ['abc-123', 'trace.01_AZ', 'x'.repeat(64)]) {
      const ok = await get('/v1/health', { 'x-request-id': id });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['x-request-id']).toBe(id);
      const missing = await get('/v1/nothing-here', { 'x-request-id': id });
      expect(missing.headers['x-request-id']).toBe(id);
      expect(missing.json()).toEqual({ status: 0, code: 'not_found', message: serverError.notFound, requestId: id });
    }
  });

  it('replaces an id that is missing, too long or not a plain token with a new UUID', async () => {
    const seen = new Set<string>();
    for (const sent of [undefined, 'x'.repeat(65), 'has space', 'line\u2028break', '"><script>', 'a/b', '']) {
      const res = await get('/v1/health', sent === undefined ? {} : { 'x-request-id': sent });
      const id = String(res.headers['x-request-id']);
      expect(id, String(sent)).toMatch(uuid);
      seen.add(id);
    }
    expect(seen.size).toBe(7);
  });

  it('answers an error with the id that its log lines carry', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/members/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ status: number; requestId: string }>();
    expect(body.status).toBe(0);
    expect(body.requestId).toMatch(uuid);
    expect(res.headers['x-request-id']).toBe(body.requestId);
    const linesOf = () => log.records().filter((line) => line.reqId === body.requestId);
    // Fastify's own lines about the request: received, then (once the answer is out) completed.
    await until(() => linesOf().length === 2, 3000, 'the completion line');
    const lines = linesOf();
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines[1]).toMatchObject({ res: { statusCode: 400 } });
  });

  it('carries the id on validation errors and on refused callers', async () => {
    const refused = await get('/v1/auth/me', { 'x-request-id': 'who-am-i' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      status: 0,
      code: 'unauthorized',
      message: serverError.unauthorized,
      requestId: 'who-am-i',
    });
    const invalid = await ctx.app.inject({
      method: 'POST',
      url: '/v1/members/signup',
      headers: { 'x-request-id': 'bad-form' },
      payload: {},
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ status: 0, requestId: 'bad-form', errors: expect.any(Object) });
  });
});
