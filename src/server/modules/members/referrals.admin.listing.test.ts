// /referral (GET /transaction/adminReferralListing): User (who referred), First
// Connection (who joined), Second Connection (whom the joined member referred), Join Date.
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createMember, createReferral, signIn } from '../../test/factories.js';
import { expectAdminOnly, injectAs, withApp } from '../../test/harness.js';
import { exportedSheet } from '../../test/xlsx.js';

const ctx = withApp();
let adminToken: string;
let memberToken: string;
const path = '/v1/transaction/adminReferralListing';

const { get } = injectAs(
  () => ctx,
  () => adminToken,
);

interface Row {
  referBy: { email: string };
  first_referral: { email: string };
  second_referral: { email: string }[];
  createdAt: string;
}
/** Each row as 'user > first [seconds]'. */
const chains = (body: { data: Row[] }) =>
  body.data.map(
    (row) =>
      `${row.referBy.email} > ${row.first_referral.email} [${row.second_referral.map((p) => p.email).join(' ')}]`,
  );

beforeAll(async () => {
  const admin = await createAdmin(ctx.db);
  adminToken = await signIn(ctx.db, admin.id);
  const m: Record<string, Awaited<ReturnType<typeof createMember>>> = {};
  for (const name of ['ann', 'ben', 'cat', 'dan', 'eve', 'fay'])
    m[name] = await createMember(ctx.db, { name, email: `${name}@example.test` });
  memberToken = await signIn(ctx.db, m.ann!.id);
  // ann referred ben and cat; ben referred dan and eve; dan referred fay.
  const joined = (day: number) => new Date(Date.UTC(2026, 0, day));
  await createReferral(ctx.db, { userId: m.ben!.id, referredBy: m.ann!.id, createdAt: joined(1) });
  await createReferral(ctx.db, { userId: m.cat!.id, referredBy: m.ann!.id, createdAt: joined(2) });
  await createReferral(ctx.db, { userId: m.dan!.id, referredBy: m.ben!.id, createdAt: joined(3) });
  await createReferral(ctx.db, { userId: m.eve!.id, referredBy: m.ben!.id, createdAt: joined(4) });
  await createReferral(ctx.db, { userId: m.fay!.id, referredBy: m.dan!.id, createdAt: joined(5) });
});

describe('GET /v1/transaction/adminReferralListing', () => {
  it('refuses an anonymous caller with 401 and a member with 403, for the page and the export', async () => {
    for (const url of [path, `${path}/export`]) {
      await expectAdminOnly((token) => get(url, token), memberToken, url);
    }
  });

  it('lists one row per referral, newest joined first, with the joined member’s own referrals as second connections', async () => {
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 5 });
    expect(chains(body)).toEqual([
      'dan@example.test > fay@example.test []',
      'ben@example.test > eve@example.test []',
      'ben@example.test > dan@example.test [fay@example.test]',
      'ann@example.test > cat@example.test []',
      'ann@example.test > ben@example.test [dan@example.test eve@example.test]',
    ]);
    expect(body.data[4]).toMatchObject({
      createdAt: '2026-01-01T00:00:00.000Z',
      referBy: { name: 'ann' },
      first_referral: { name: 'ben' },
    });
  });

  it('searches the user, first and second connection emails', async () => {
    const search = async (q: string) => chains((await get(`${path}?q=${encodeURIComponent(q)}`)).json());
    expect(await search('ANN@')).toEqual([
      'ann@example.test > cat@example.test []',
      'ann@example.test > ben@example.test [dan@example.test eve@example.test]',
    ]);
    expect(await search('cat@')).toEqual(['ann@example.test > cat@example.test []']);
    // eve is a first connection of ben and a second one of ann's row for ben.
    expect(await search('eve@')).toEqual([
      'ben@example.test > eve@example.test []',
      'ann@example.test > ben@example.test [dan@example.test eve@example.test]',
    ]);
    const counted = (await get(`${path}?q=fay&limit=1`)).json();
    expect(counted.meta.total).toBe(2);
  });

  it('sorts by join date and by user', async () => {
    expect(chains((await get(`${path}?sort=joined&limit=1`)).json())).toEqual([
      'ann@example.test > ben@example.test [dan@example.test eve@example.test]',
    ]);
    const byUser = (await get(`${path}?sort=user&order=desc`)).json().data.map((row: Row) => row.referBy.email);
    expect(byUser).toEqual([
      'dan@example.test',
      'ben@example.test',
      'ben@example.test',
      'ann@example.test',
      'ann@example.test',
    ]);
  });

  it('refuses an unknown sort and a search of 101 characters with 400', async () => {
    for (const query of ['?sort=email', `?q=${'a'.repeat(101)}`]) {
      const res = await get(`${path}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().status).toBe(0);
    }
  });

  it('exports the filtered list as .xlsx, second connections joined by commas', async () => {
    const res = await get(`${path}/export?q=ann&sort=joined`);
    const rows = await exportedSheet(res, 'referrals');
    expect(rows).toEqual([
      ['User', 'First Connection', 'Second Connection', 'Join Date'],
      ['ann@example.test', 'ben@example.test', 'dan@example.test, eve@example.test', new Date('2026-01-01T00:00:00Z')],
      ['ann@example.test', 'cat@example.test', '—', new Date('2026-01-02T00:00:00Z')],
    ]);
  });
});
