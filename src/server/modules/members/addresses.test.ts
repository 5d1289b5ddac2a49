// Saved addresses: a member lists, adds and deletes their own, at most ten; another member's id
// is not found; the booking dialog's suggestions offer them first, the unit in the text.
import { beforeAll, describe, expect, it } from 'vitest';
import { addressWithUnit } from '../../../contract/addresses.js';
import { injectAs, withApp } from '../../test/harness.js';
import { bookingOf, createMember, createProvider, signIn } from '../../test/factories.js';

const ctx = withApp();
const { get, post, del } = injectAs(() => ctx);
let ana: { id: string; token: string };
let ben: { id: string; token: string };

beforeAll(async () => {
  const a = await createMember(ctx.db, { name: 'Ana Saver' });
  const b = await createMember(ctx.db, { name: 'Ben Other' });
  ana = { id: a.id, token: await signIn(ctx.db, a.id) };
  ben = { id: b.id, token: await signIn(ctx.db, b.id) };
});

const list = async (token: string) => {
  const res = await get('/v1/members/addresses', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string; line: string; unit: string; label: string; address: string }[];
};

describe('addressWithUnit', () => {
  it('puts the unit after the street, before the city', () => {
    expect(addressWithUnit('4512 Swiss Ave, Dallas, TX 75204', 'Apt 3')).toBe(
      '4512 Swiss Ave, Apt 3, Dallas, TX 75204',
    );
    expect(addressWithUnit('4512 Swiss Ave', ' Apt 3 ')).toBe('4512 Swiss Ave, Apt 3');
    expect(addressWithUnit(' 4512 Swiss Ave ', '')).toBe('4512 Swiss Ave');
  });
});

describe('/v1/members/addresses', () => {
  it('needs a signed-in member', async () => {
    expect((await get('/v1/members/addresses', null)).statusCode).toBe(401);
    expect((await post('/v1/members/addresses', { line: '1 Elm St' }, null)).statusCode).toBe(401);
  });

  it('saves an address with its unit and label, and lists the member’s own only', async () => {
    const res = await post(
      '/v1/members/addresses',
      { line: ' 4512 Swiss Ave, Dallas, TX ', unit: 'Apt 3', label: 'home', memberId: ben.id },
      ana.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 1,
      message: 'Address saved',
      data: {
        line: '4512 Swiss Ave, Dallas, TX',
        unit: 'Apt 3',
        label: 'home',
        address: '4512 Swiss Ave, Apt 3, Dallas, TX',
      },
    });
    expect((await list(ana.token)).map((a) => a.address)).toEqual(['4512 Swiss Ave, Apt 3, Dallas, TX']);
    // The body's memberId is dropped: Ben has nothing.
    expect(await list(ben.token)).toEqual([]);
  });

  it('refuses a missing or too long line, a long unit and an unknown label with 400', async () => {
    for (const [body, field, message] of [
      [{ line: '  ' }, 'line', 'Please enter the address'],
      [{ line: 'x'.repeat(151) }, 'line', 'The address can have at most 150 characters'],
      [{ line: '1 Elm St', unit: 'x'.repeat(41) }, 'unit', 'The apartment or unit can have at most 40 characters'],
      [{ line: '1 Elm St', label: 'boat' }, 'label', 'Please choose Home, Work or Other'],
    ] as const) {
      const res = await post('/v1/members/addresses', body, ana.token);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
  });

  it('refuses the same address twice, and an eleventh, with 409', async () => {
    const twice = await post('/v1/members/addresses', { line: '4512 swiss ave, dallas, tx', unit: 'APT 3' }, ana.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This address is saved already.');
    for (let n = 2; n <= 10; n++)
      expect((await post('/v1/members/addresses', { line: `${n} Elm St, Dallas, TX` }, ana.token)).statusCode).toBe(
        200,
      );
    const eleventh = await post('/v1/members/addresses', { line: '11 Elm St, Dallas, TX' }, ana.token);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toBe('You can keep 10 addresses. Delete one to save another.');
    expect(await list(ana.token)).toHaveLength(10);
  });

  it('deletes the member’s own address; another member’s id or an unknown one is not found', async () => {
    const [newest] = await list(ana.token);
    const other = await del(`/v1/members/addresses/${newest!._id}`, ben.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('This address was not found.');
    const mine = await del(`/v1/members/addresses/${newest!._id}`, ana.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().message).toBe('Address deleted');
    expect(await list(ana.token)).toHaveLength(9);
    expect((await del(`/v1/members/addresses/${newest!._id}`, ana.token)).statusCode).toBe(404);
    expect((await del('/v1/members/addresses/not-an-id', ana.token)).statusCode).toBe(400);
    // Room again for one more.
    expect((await post('/v1/members/addresses', { line: '11 Elm St, Dallas, TX' }, ana.token)).statusCode).toBe(200);
  });

  it('keeps one of the same address sent five times at once, whatever the case', async () => {
    const sent = await Promise.all(
      ['7 Oak St', '7 OAK ST', '7 oak st', '7 Oak St', '7 oak St'].map((line) =>
        post('/v1/members/addresses', { line, unit: 'Apt 1' }, ben.token),
      ),
    );
    expect(sent.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(sent.find((res) => res.statusCode === 409)!.json().message).toBe('This address is saved already.');
    expect(await list(ben.token)).toHaveLength(1);
  });
});

describe('the booking dialog’s suggestions', () => {
  it('offer saved addresses first (with their unit), then earlier booking addresses, then places', async () => {
    const member = await createMember(ctx.db);
    const token = await signIn(ctx.db, member.id);
    const provider = await createProvider(ctx.db);
    await bookingOf(ctx.db, member, provider, { date: '2026-01-05', address: '7 Swiss Ave, Dallas, TX' });
    await post('/v1/members/addresses', { line: '4512 Swiss Ave, Dallas, TX', unit: 'Apt 3', label: 'work' }, token);
    const res = await get(`/v1/places/autocomplete?q=swiss&city=dallas`, token);
    const suggestions = (res.json().data as { description: string }[]).map((s) => s.description);
    expect(suggestions.slice(0, 2)).toEqual(['4512 Swiss Ave, Apt 3, Dallas, TX', '7 Swiss Ave, Dallas, TX']);
    expect(suggestions).toContain('Swiss Ave, Dallas, TX 75204');
    // Another member's saved address is theirs alone.
    const others = await get(`/v1/places/autocomplete?q=swiss`, ben.token);
    expect(others.body).not.toContain('Apt 3');
  });
});
