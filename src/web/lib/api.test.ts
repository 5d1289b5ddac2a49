// What a caller of request() gets for each kind of HTTP answer: the envelope of a success, or an
// ApiError with a message a person can read, the HTTP status and the field errors. fetch is
// stubbed with real Response objects; the stored sessions live in an in-memory Storage.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// session.js listens to `storage` events on window when it loads.
vi.hoisted(() => {
  vi.stubGlobal('window', { addEventListener: () => undefined });
});

import { text } from '../../contract/messages.js';
import { ApiError, request } from './api.js';
import { session } from './session.js';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const json = (payload: unknown, status = 200) =>
  new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });

let fetch: ReturnType<typeof vi.fn>;
/** Answers every call with this response (a fresh one each time: a body reads once). */
const answer = (make: () => Response | Promise<Response>) => fetch.mockImplementation(async () => make());
const sent = () => fetch.mock.calls[0] as [string, RequestInit];

/** What request() threw, checked to be an ApiError. */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request: success', () => {
  it('answers the envelope, data and page meta included', async () => {
    const envelope = { status: 1, message: 'ok', data: [{ _id: 'a' }], meta: { page: 2, limit: 20, total: 21 } };
    answer(() => json(envelope));
    await expect(request('/things')).resolves.toEqual(envelope);
  });

  it('asks /v1 with the query minus its empty values, signed with the member token', async () => {
    session.setMember({ token: 'member-token', user: { _id: 'u1', name: 'Ana' } });
    answer(() => json({ status: 1, data: null }));
    await request('/things', { query: { page: 2, q: '', sort: undefined, order: 'desc' } });
    const [url, init] = sent();
    expect(url).toBe('/v1/things?page=2&order=desc');
    expect(init.method).toBe('GET');
    expect(init.headers).toEqual({ accept: 'application/json', authorization: 'Bearer member-token' });
  });

  it('posts a JSON body, signed with the admin token for the admin scope', async () => {
    session.setMember({ token: 'member-token', user: { _id: 'u1', name: 'Ana' } });
    session.setAdmin({ token: 'admin-token', email: 'admin@example.com' }, false);
    answer(() => json({ status: 1, data: { _id: 'x' } }));
    await request('/things', { body: { name: 'Tap' }, scope: 'admin' });
    const [, init] = sent();
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"Tap"}');
    expect(init.headers).toMatchObject({ authorization: 'Bearer admin-token', 'content-type': 'application/json' });
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    answer(() => json({ status: 1, data: null }));
    await request('/things');
    expect(sent()[1].headers).toEqual({ accept: 'application/json' });
  });
});

describe('request: failures become an ApiError', () => {
  it('takes the message and field errors of a status-0 envelope', async () => {
    const errors = { phone: 'Please enter your Phone number', date: 'Please enter your date' };
    answer(() => json({ status: 0, message: 'Please check the form', errors, requestId: 'req-1' }, 422));
    const error = await failure(request('/things', { body: {} }));
    // The request id the server adds is for support and the logs, not for the person.
    expect(error).toMatchObject({ message: 'Please check the form', status: 422 });
    expect(error.errors).toEqual(errors);
  });

  it('treats a status-0 envelope as a failure even with HTTP 200', async () => {
    answer(() => json({ status: 0, message: 'Already give rating' }));
    const error = await failure(request('/things'));
    expect(error).toMatchObject({ message: 'Already give rating', status: 200, errors: {} });
  });

  it('says the generic message for a body that is not JSON', async () => {
    answer(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const error = await failure(request('/things'));
    expect(error).toMatchObject({ message: text.genericError, status: 502, errors: {} });
  });

  it('says the generic message for a 500 without a message', async () => {
    answer(() => json({ status: 0, message: '' }, 500));
    expect(await failure(request('/things'))).toMatchObject({ message: text.genericError, status: 500 });
    answer(() => json({ error: 'Internal Server Error' }, 500));
    expect(await failure(request('/things'))).toMatchObject({ message: text.genericError, status: 500 });
  });

  it('does not take an OK answer without an envelope for data', async () => {
    answer(() => json({ data: [1, 2] }));
    expect(await failure(request('/things'))).toMatchObject({ message: text.genericError, status: 200 });
    answer(() => new Response(null, { status: 204 }));
    expect(await failure(request('/things'))).toMatchObject({ message: text.genericError, status: 204 });
  });

  it('passes on the message of a 429', async () => {
    answer(() => json({ status: 0, message: 'Too many requests, please try again later.' }, 429));
    const error = await failure(request('/things'));
    expect(error).toMatchObject({ message: 'Too many requests, please try again later.', status: 429 });
  });

  it('a 401 forgets the session that signed the call, and only that one', async () => {
    session.setMember({ token: 'member-token', user: { _id: 'u1', name: 'Ana' } });
    session.setAdmin({ token: 'admin-token', email: 'admin@example.com' }, true);
    answer(() => json({ status: 0, message: 'Session expired' }, 401));
    const error = await failure(request('/things', { scope: 'admin' }));
    expect(error).toMatchObject({ message: 'Session expired', status: 401 });
    expect(session.admin()).toBeNull();
    expect(session.member()?.token).toBe('member-token');
  });

  it('other refusals (403) keep the session', async () => {
    session.setMember({ token: 'member-token', user: { _id: 'u1', name: 'Ana' } });
    answer(() => json({ status: 0, message: 'Not yours' }, 403));
    expect(await failure(request('/things'))).toMatchObject({ message: 'Not yours', status: 403 });
    expect(session.member()?.token).toBe('member-token');
  });

  it('a network failure is status 0 with the network message', async () => {
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(request('/things'));
    expect(error).toMatchObject({ message: text.networkError, status: 0, errors: {} });
    expect(text.networkError).not.toBe(text.genericError);
  });

  it('an abort is passed on as it is, not as a failure to show', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    fetch.mockRejectedValue(abort);
    await expect(request('/things', { signal: AbortSignal.abort() })).rejects.toBe(abort);
  });
});
