// Schema-driven bad input: for every operation with a body, a query or path parameters, values
// derived from its JSON schema in the OpenAPI document (wrong types, huge and odd strings,
// prototype keys, missing and unknown fields, odd numbers, malformed JSON), sent as an admin and
// as a customer (and anonymously to public routes). Nothing may answer 5xx, and a refused request
// may not change a row of any table.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api } from '../../contract/paths.js';
import { createAdmin, createProvider, signIn } from '../test/factories.js';
import { bearer, clientAddress, createTestContext, type TestContext } from '../test/harness.js';
import {
  buildWorld,
  changedTables,
  countWrites,
  fingerprint,
  headersOf,
  operationsOf,
  planOf,
  publicTables,
  urlOf,
  type Caller,
  type JsonSchema,
  type Operation,
  type Plan,
  type World,
} from '../test/attack.js';

interface BadRequest {
  /** What is wrong with it, for the report. */
  label: string;
  url: string;
  /** A raw payload (sent as is), or none. */
  payload?: string;
  contentType?: string;
}

const raw = '\u0001raw\u0001';
/** The JSON of `body` with `value` written verbatim as the property `name` (tokens JSON.stringify cannot make). */
function withRawProperty(body: Record<string, unknown>, name: string, value: string): string {
  return JSON.stringify({ ...body, [name]: raw }).replace(JSON.stringify(raw), value);
}

const oddStrings: Record<string, string> = {
  nul: 'a\u0000b',
  rtlOverride: 'abc\u202Etxt.exe',
  loneSurrogate: 'x\ud800y',
  emoji: '😀🔧🏠',
  combining: 'e\u0301\u0301\u0301\u0301\u0301a\u0308',
};
const pollution = { role: 'admin', isAdmin: true, polluted: true };
const wrongTypes: Record<string, unknown> = {
  number: 12345,
  string: 'not a number',
  array: ['a', 1],
  object: { __nested: { a: 1 } },
  null: null,
  boolean: true,
};
const oddNumbers: Record<string, string> = {
  negative: '-1',
  huge: '1e308',
  overflow: '1e999',
  fraction: '1.5',
  unsafe: '36028797018963968',
};

function propertiesOf(schema: JsonSchema): { names: Set<string>; required: Set<string>; types: Map<string, string> } {
  const names = new Set<string>();
  const required = new Set<string>();
  const types = new Map<string, string>();
  const visit = (s: JsonSchema | undefined) => {
    if (!s) return;
    for (const [name, property] of Object.entries(s.properties ?? {})) {
      names.add(name);
      const type = [property.type ?? property.anyOf?.[0]?.type].flat()[0];
      if (typeof type === 'string' && !types.has(name)) types.set(name, type);
    }
    for (const name of s.required ?? []) required.add(name);
    for (const member of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) visit(member);
  };
  visit(schema);
  return { names, required, types };
}

/** The bad bodies of an operation, each derived from its plausible valid body. */
function badBodies(op: Operation, plan: Plan, withHuge: boolean): BadRequest[] {
  if (!op.body) return [];
  const url = urlOf(op, plan);
  const base: Record<string, unknown> = plan.body ?? plan.form?.fields ?? {};
  const { names, required, types } = propertiesOf(op.body.schema);
  for (const name of Object.keys(base)) names.add(name);
  const json = (label: string, payload: string): BadRequest => ({
    label,
    url,
    payload,
    contentType: 'application/json',
  });
  const out: BadRequest[] = [];
  let hugeSent = !withHuge;
  for (const name of names) {
    const type = types.get(name) ?? (typeof base[name] === 'number' ? 'number' : 'string');
    for (const [kind, value] of Object.entries(wrongTypes))
      out.push(json(`${name}: ${kind}`, JSON.stringify({ ...base, [name]: value })));
    out.push(
      json(`${name}: {__proto__: …}`, withRawProperty(base, name, `{"__proto__":${JSON.stringify(pollution)}}`)),
    );
    if (type === 'string') {
      for (const [kind, value] of Object.entries(oddStrings))
        out.push(json(`${name}: ${kind}`, JSON.stringify({ ...base, [name]: value })));
      if (!hugeSent) {
        // Huge strings cost: one just under the body limit and one over it, for one field and one caller per operation.
        hugeSent = true;
        out.push(json(`${name}: 512 KB`, JSON.stringify({ ...base, [name]: 'x'.repeat(512 * 1024) })));
        out.push(json(`${name}: 1 MB`, JSON.stringify({ ...base, [name]: 'x'.repeat(1024 * 1024) })));
      }
    }
    if (
      type === 'number' ||
      type === 'integer' ||
      typeof base[name] === 'number' ||
      /^\d+(\.\d+)?$/.test(String(base[name] ?? ''))
    ) {
      for (const [kind, token] of Object.entries(oddNumbers))
        out.push(json(`${name}: ${kind}`, withRawProperty(base, name, token)));
      for (const text of ['NaN', 'Infinity', '0x10'])
        out.push(json(`${name}: "${text}"`, JSON.stringify({ ...base, [name]: text })));
    }
    if (required.has(name) || name in base) {
      const { [name]: _left, ...rest } = base;
      out.push(json(`${name}: missing`, JSON.stringify(rest)));
    }
  }
  for (const key of ['__proto__', 'constructor', 'prototype'])
    out.push(json(`top-level ${key}`, withRawProperty(base, key, JSON.stringify(pollution))));
  const extra = Object.fromEntries(
    Object.entries({
      isAdmin: true,
      role: 'admin',
      userId: '00000000-0000-4000-8000-000000000009',
      status: 1,
      isBlocked: false,
    }).filter(([k]) => !names.has(k)),
  );
  out.push(json('unknown fields', JSON.stringify({ ...base, ...extra })));
  for (const malformed of ['{', 'nul', '[1,2]', '"text"', 'null', '{"a":1}}'])
    out.push(json(`malformed ${JSON.stringify(malformed)}`, malformed));
  out.push({ label: 'text/plain body', url, payload: JSON.stringify(base), contentType: 'text/plain' });
  if (op.body.contentType.startsWith('multipart/')) {
    out.push({
      label: 'multipart without its end',
      url,
      payload: '--b\r\ncontent-disposition: form-data; name="title"\r\n\r\nx',
      contentType: 'multipart/form-data; boundary=b',
    });
    out.push({ label: 'multipart without boundary', url, payload: 'x', contentType: 'multipart/form-data' });
  }
  return out;
}

const oddParams: Record<string, string> = {
  empty: '',
  word: 'abc',
  negative: '-1',
  overflow: '1e309',
  nul: '%00',
  loneSurrogate: '%ED%A0%80',
  overlong: '%C0%80',
  rtlOverride: '%E2%80%AE',
  emoji: '%F0%9F%98%80',
  long: 'x'.repeat(10_000),
};

/** Bad path and query parameters: each one replaced in turn, the others left valid. */
function badParameters(op: Operation, plan: Plan, body: string | undefined): BadRequest[] {
  const out: BadRequest[] = [];
  const contentType = body === undefined ? undefined : 'application/json';
  const path = (params: Record<string, string>) =>
    op.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
  const encoded = Object.fromEntries(Object.entries(plan.params ?? {}).map(([k, v]) => [k, encodeURIComponent(v)]));
  const query = (entries: [string, string][]) =>
    entries.length ? `?${entries.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
  const validQuery = Object.entries(plan.query ?? {}).map(([k, v]) => [k, encodeURIComponent(v)] as [string, string]);
  for (const parameter of op.parameters) {
    for (const [kind, value] of Object.entries(oddParams)) {
      if (parameter.in === 'path') {
        out.push({
          label: `{${parameter.name}}: ../`,
          url: path({ ...encoded, [parameter.name]: '..%2F..%2Fetc%2Fpasswd' }) + query(validQuery),
          payload: body,
          contentType,
        });
        out.push({
          label: `{${parameter.name}}: ${kind}`,
          url: path({ ...encoded, [parameter.name]: value }) + query(validQuery),
          payload: body,
          contentType,
        });
      } else if (parameter.in === 'query') {
        const entries = validQuery.filter(([k]) => k !== parameter.name);
        out.push({
          label: `?${parameter.name}: ${kind}`,
          url: path(encoded) + query([...entries, [parameter.name, value]]),
          payload: body,
          contentType,
        });
      }
    }
    if (parameter.in === 'query') {
      const entries = validQuery.filter(([k]) => k !== parameter.name);
      out.push({
        label: `?${parameter.name}: twice`,
        url: path(encoded) + query([...entries, [parameter.name, '1'], [parameter.name, '2']]),
        payload: body,
        contentType,
      });
      out.push({
        label: `?${parameter.name}[x]`,
        url: path(encoded) + query([...entries, [`${parameter.name}[x]`, '1']]),
        payload: body,
        contentType,
      });
    }
  }
  if (op.parameters.some((p) => p.in === 'query')) {
    out.push({
      label: 'prototype keys in the query',
      url: path(encoded) + query([...validQuery, ['__proto__', 'x'], ['constructor', 'y'], ['prototype', 'z']]),
      payload: body,
      contentType,
    });
  }
  return out;
}

/** Requests sent to a caller the guard refuses (401/403 to every one of them) before the rest is skipped. */
const guardSample = 12;

describe('bad input', () => {
  let ctx: TestContext;
  let world: World;
  let operations: Operation[];
  let tables: string[];
  let writes: () => Promise<number>;
  const counts = {
    operations: 0,
    sent: 0,
    skipped: 0,
    accepted: 0,
    refused: 0,
    tooMany: 0,
    serverErrors: 0,
    rowChanges: 0,
  };
  const serverErrors: string[] = [];
  const rowChanges: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    world = await buildWorld(ctx.db);
    operations = operationsOf(ctx.app);
    tables = await publicTables(ctx.db);
    writes = await countWrites(ctx.db, tables);
  });

  afterAll(async () => {
    console.log(
      `bad input: ${counts.operations} operations covered, ${counts.sent} bad inputs sent, ${counts.serverErrors} 5xx seen, ` +
        `${counts.rowChanges} refused-request row changes seen (${counts.accepted} accepted by design, ${counts.refused} refused, of which ` +
        `${counts.tooMany} 429; ${counts.skipped} not sent to callers the route's guard had refused)`,
    );
    await ctx?.close();
  });

  test('no bad input gets a 5xx, and no refused request changes a row', { timeout: 360_000 }, async () => {
    for (const op of operations) {
      const hasInput = op.body !== undefined || op.parameters.some((p) => p.in === 'path' || p.in === 'query');
      if (!hasInput) continue;
      counts.operations += 1;
      const callersOf: Caller[] = op.secured ? ['admin', 'owner'] : ['anonymous', 'admin', 'owner'];
      for (const [index, caller] of callersOf.entries()) {
        const plan = planOf(op, world, caller);
        const validBody =
          plan.body !== undefined
            ? JSON.stringify(plan.body)
            : plan.form
              ? JSON.stringify(plan.form.fields)
              : undefined;
        const requests = [...badBodies(op, plan, index === 0), ...badParameters(op, plan, validBody)];
        // One batch: a fresh session and address, and no rate-limit counts left from another batch.
        const headers = await headersOf(world, caller);
        const remoteAddress = clientAddress();
        await ctx.db.execute(sql`delete from rate_limits`);
        let baseline = await fingerprint(ctx.db, tables);
        let written = await writes();
        let guarded = 0;
        for (const [sent, request] of requests.entries()) {
          // A route that refused this caller every one of the first requests, wrong-typed input
          // included, refused it before reading any input: the rest of the batch has nothing to add.
          if (sent === guardSample && guarded === sent) {
            counts.skipped += requests.length - sent;
            break;
          }
          const response = await ctx.app.inject({
            method: op.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
            url: request.url,
            headers: { ...headers, ...(request.contentType ? { 'content-type': request.contentType } : {}) },
            remoteAddress,
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
          counts.sent += 1;
          const status = response.statusCode;
          const what = `${op.key} as ${caller}, ${request.label}: ${status} ${response.body.slice(0, 160)}`;
          if (status >= 500) {
            counts.serverErrors += 1;
            serverErrors.push(what);
          }
          if (status === 401 || status === 403) guarded += 1;
          const accepted = status >= 200 && status < 300;
          if (accepted) counts.accepted += 1;
          else counts.refused += 1;
          if (status === 429) {
            counts.tooMany += 1;
            // A limit reached in this batch would hide what the next requests do: start counting again.
            await ctx.db.execute(sql`delete from rate_limits`);
          }
          const nowWritten = await writes();
          if (nowWritten === written) continue;
          written = nowWritten;
          const after = await fingerprint(ctx.db, tables);
          if (!accepted) {
            const changed = changedTables(baseline, after);
            if (changed.length > 0) {
              counts.rowChanges += 1;
              rowChanges.push(`${what} changed ${changed.join(', ')}`);
            }
          }
          baseline = after;
        }
      }
    }
    // The gate saw the accepted requests' writes: the comparison above had something to compare.
    expect(counts.accepted).toBeGreaterThan(0);
    expect(await writes()).toBeGreaterThan(0);
    expect.soft(serverErrors).toEqual([]);
    expect.soft(rowChanges).toEqual([]);
    // The prototype keys sent reached no object of this process.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('days far in the past or the future', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  test('are refused with 400 before any work: a calendar, the dashboard, a search', async () => {
    const provider = await createProvider(ctx.db);
    const admin = await createAdmin(ctx.db);
    const asProvider = bearer(await signIn(ctx.db, provider.id));
    const asAdmin = bearer(await signIn(ctx.db, admin.id));
    const calls = [
      { url: `${api.providerCalendar}?from=9999-12-30`, headers: asProvider },
      { url: `${api.providerCalendar}?from=1999-12-31`, headers: asProvider },
      { url: `${api.adminDashboard}?endDate=0001-01-01`, headers: asAdmin },
      { url: `${api.adminDashboard}?startDate=2026-01-01&endDate=9999-12-31`, headers: asAdmin },
      { url: `${api.search}?q=plumbing&date=9999-12-30`, headers: {} },
    ];
    for (const { url, headers } of calls) {
      const res = await ctx.app.inject({ method: 'GET', url: `${api.prefix}${url}`, headers });
      expect([url, res.statusCode]).toEqual([url, 400]);
    }
    const fine = await ctx.app.inject({
      method: 'GET',
      url: `${api.prefix}${api.providerCalendar}?from=2099-12-25`,
      headers: asProvider,
    });
    expect(fine.statusCode).toBe(200);
  });
});
