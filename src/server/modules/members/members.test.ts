import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageText, placesText, profileText, validation } from '../../../contract/messages.js';
import { users } from '../../db/schema.js';
import { createAdmin, createMember, signIn } from '../../test/factories.js';
import { bearer, expectFailure, expectRefused, expectSuccess, injectAs, withApp } from '../../test/harness.js';

const ctx = withApp();

type Member = Awaited<ReturnType<typeof createMember>>;
let rita: Member;
let ritaToken: string;
let other: Member;
let otherToken: string;

beforeAll(async () => {
  rita = await createMember(ctx.db, {
    name: 'Rita Gomez Lopez',
    email: 'rita@example.com',
    phone: '5125550101',
    about: 'I love a tidy home.',
  });
  ritaToken = await signIn(ctx.db, rita.id);
  other = await createMember(ctx.db, { name: 'Omar Other', email: 'omar@example.com' });
  otherToken = await signIn(ctx.db, other.id);
});

const profileUrl = (userId: string) => `/v1/members/getmemberlisting/${userId}`;
const getProfile = (userId: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url: profileUrl(userId), headers: token ? bearer(token) : {} });
const update = (payload: Record<string, unknown>, token: string | null = ritaToken) =>
  ctx.app.inject({ method: 'POST', url: '/v1/members/updateprofile', payload, headers: token ? bearer(token) : {} });

/** A multipart body as a browser's FormData would send it. */
async function multipart(field: string, bytes: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

async function upload(
  bytes: Buffer,
  options: { filename?: string; type?: string; field?: string; token?: string } = {},
) {
  const body = await multipart(
    options.field ?? 'image',
    bytes,
    options.filename ?? 'me.png',
    options.type ?? 'image/png',
  );
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/members/profileimage',
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...bearer(options.token ?? ritaToken) },
  });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();

describe('GET /v1/members/getmemberlisting/:userId', () => {
  it("answers the caller's own profile; a single registration name is split into first and last", async () => {
    const res = await getProfile(rita.id, ritaToken);
    expectSuccess(res, {
      data: {
        _id: rita.id,
        name: 'Rita Gomez Lopez',
        first_name: 'Rita',
        last_name: 'Gomez Lopez',
        email: 'rita@example.com',
        phone: '5125550101',
        phone_verified: true,
        country_code: '+1',
        about: 'I love a tidy home.',
        age: null,
        gender: null,
        image: null,
        role: 'customer',
      },
    });
  });

  it('refuses anonymous callers with 401', async () => {
    const res = await getProfile(rita.id);
    expectRefused(res, 401);
  });

  it("refuses another member's id with 403, and an unknown id the same way", async () => {
    const res = await getProfile(other.id, ritaToken);
    expectRefused(res, 403);
    expect((await getProfile('00000000-0000-4000-8000-000000000000', ritaToken)).statusCode).toBe(403);
  });

  it('refuses an administrator (not a member) with 403 and a malformed id with 400', async () => {
    const admin = await createAdmin(ctx.db);
    const adminToken = await signIn(ctx.db, admin.id);
    expect((await getProfile(admin.id, adminToken)).statusCode).toBe(403);
    expect((await getProfile('38', ritaToken)).statusCode).toBe(400);
  });

  it('is the same path with the double slash old clients send', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1//members/getmemberlisting/${other.id}`,
      headers: bearer(otherToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.first_name).toBe('Omar');
  });
});

describe('POST /v1/members/updateprofile', () => {
  it('changes the names, about, age and gender of the caller; name becomes "first last"', async () => {
    const res = await update({
      first_name: '  Rita ',
      last_name: 'Gómez',
      about: 'Two kids, one dog.',
      age: 34,
      gender: 'Female',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 1, message: profileText.updated });
    expect(body.data).toEqual({
      _id: rita.id,
      name: 'Rita Gómez',
      first_name: 'Rita',
      last_name: 'Gómez',
      email: 'rita@example.com',
      phone: '5125550101',
      phone_verified: true,
      country_code: '+1',
      about: 'Two kids, one dog.',
      age: 34,
      gender: 'Female',
      image: null,
      role: 'customer',
    });
    expect((await getProfile(rita.id, ritaToken)).json().data).toEqual(body.data);
    // The header's name comes from /auth/me.
    const me = await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(ritaToken) });
    expect(me.json().data.name).toBe('Rita Gómez');
  });

  it('ignores email, phone, role, image and ids in the body: they are read-only here', async () => {
    const res = await update({
      first_name: 'Rita',
      last_name: 'Gómez',
      email: 'hijack@example.com',
      phone: '9999999999',
      mobile_no: '9999999999',
      country_code: '+44',
      role: 'admin',
      image: '/uploads/someone-else.webp',
      _id: other.id,
      name: 'Somebody Else',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, rita.id));
    expect(row).toMatchObject({
      email: 'rita@example.com',
      phone: '5125550101',
      countryCode: '+1',
      role: 'customer',
      image: null,
      name: 'Rita Gómez',
    });
    const [otherRow] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, other.id));
    expect(otherRow!.name).toBe('Omar Other');
  });

  it('treats empty optional fields as not set: no last name, about, age or gender', async () => {
    const res = await update({ first_name: 'Rita', last_name: '', about: '   ', age: '', gender: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Rita',
      first_name: 'Rita',
      last_name: '',
      about: null,
      age: null,
      gender: null,
    });
    // Missing entirely is the same.
    const bare = await update({ first_name: 'Rita', last_name: 'Gómez' });
    expect(bare.json().data).toMatchObject({ name: 'Rita Gómez', about: null, age: null, gender: null });
  });

  it('accepts the age as the text a number input sends', async () => {
    const res = await update({ first_name: 'Rita', age: '41' });
    expect(res.json().data.age).toBe(41);
  });

  it.each([
    [{ age: 12 }, 'age', profileText.ageInvalid],
    [{ age: 121 }, 'age', profileText.ageInvalid],
    [{ age: 30.5 }, 'age', profileText.ageInvalid],
    [{ age: 'thirty' }, 'age', profileText.ageInvalid],
    [{ gender: 'x'.repeat(31) }, 'gender', profileText.genderTooLong],
    [{ about: 'x'.repeat(1001) }, 'about', profileText.aboutTooLong],
    [{ last_name: 'x'.repeat(81) }, 'last_name', profileText.nameTooLong],
  ])('refuses %j with 400 and the message on the field', async (change, field, message) => {
    const res = await update({ first_name: 'Rita', ...change });
    expectFailure(res, 400, { code: 'invalid', message, errors: { [field]: message } });
  });

  it('requires a first name', async () => {
    for (const first_name of [undefined, '', '   ']) {
      const res = await update({ first_name, last_name: 'Gómez' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ first_name: validation.enterFirstName });
    }
  });

  it('accepts the limits themselves', async () => {
    const res = await update({ first_name: 'R', age: 120, gender: 'x'.repeat(30), about: 'y'.repeat(1000) });
    expect(res.statusCode).toBe(200);
    expect((await update({ first_name: 'Rita', last_name: 'Gómez', age: 13 })).json().data.age).toBe(13);
  });

  it('refuses anonymous callers with 401 and changes nothing', async () => {
    const res = await update({ first_name: 'Nobody' }, null);
    expect(res.statusCode).toBe(401);
    const [row] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, rita.id));
    expect(row!.name).toBe('Rita Gómez');
  });

  it('changes only the caller: another member signed in changes their own profile', async () => {
    const res = await update({ first_name: 'Omar', last_name: 'Ortiz' }, otherToken);
    expect(res.json().data).toMatchObject({ _id: other.id, name: 'Omar Ortiz' });
    expect((await getProfile(rita.id, ritaToken)).json().data.name).toBe('Rita Gómez');
  });
});

describe('POST /v1/members/profileimage', () => {
  it('stores a PNG re-encoded as WebP, serves it at its path and shows it in the profile and /auth/me', async () => {
    const res = await upload(await png(1600, 1200));
    expectSuccess(res, {
      message: imageText.updated,
      data: { image: expect.stringMatching(/^\/uploads\/profiles\/[0-9a-f]{64}\.webp$/) },
    });
    const body = res.json();
    const image: string = body.data.image;

    const stored = (await ctx.storage.get(image.slice('/uploads/'.length)))?.body as Buffer;
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1024, height: 768 });

    const served = await ctx.app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(stored)).toBe(true);

    expect((await getProfile(rita.id, ritaToken)).json().data.image).toBe(image);
    const me = await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(ritaToken) });
    expect(me.json().data.image).toBe(image);
  });

  it('removes the previous image once it is replaced, unless another member shows the same picture', async () => {
    const serve = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).statusCode;
    const first = (await upload(await png(40, 40))).json().data.image as string;
    const count = await ctx.storage.count();
    const second = (await upload(await png(50, 50), { filename: 'me.webp', type: 'image/webp' })).json().data
      .image as string;
    expect(second).not.toBe(first);
    expect((await getProfile(rita.id, ritaToken)).json().data.image).toBe(second);
    expect(await serve(second)).toBe(200);
    expect(await serve(first)).toBe(404);
    expect(await ctx.storage.count()).toBe(count);

    // The same picture for two members is one stored object: it stays while one still shows it.
    const shared = (await upload(await png(60, 60), { token: otherToken })).json().data.image as string;
    expect((await upload(await png(60, 60))).json().data.image).toBe(shared);
    expect(await serve(second)).toBe(404);
    await upload(await png(70, 70));
    expect(await serve(shared)).toBe(200);
    expect((await getProfile(other.id, otherToken)).json().data.image).toBe(shared);
  });

  it('refuses a file over 5 MB with 413 and the size message', async () => {
    const before = (await getProfile(rita.id, ritaToken)).json().data.image;
    const big = Buffer.alloc(6 * 1024 * 1024, 1);
    (await png(2, 2)).copy(big);
    const res = await upload(big);
    expectFailure(res, 413, { code: 'too_large', message: 'The image must be at most 5 MB.' });
    expect((await getProfile(rita.id, ritaToken)).json().data.image).toBe(before);
  });

  it('refuses a text file named .png with 422', async () => {
    const res = await upload(Buffer.from('This is a shopping list, not a picture.\n'), {
      filename: 'photo.png',
      type: 'image/png',
    });
    expectFailure(res, 422, { code: 'unprocessable', message: imageText.wrongType });
  });

  it('refuses an SVG with 422', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const res = await upload(svg, { filename: 'me.svg', type: 'image/svg+xml' });
    expect(res.statusCode).toBe(422);
  });

  it('refuses a request without the image field or not sent as multipart with 400', async () => {
    const wrongField = await upload(await png(10, 10), { field: 'photo' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe(imageText.missing);

    const json = await ctx.app.inject({
      method: 'POST',
      url: '/v1/members/profileimage',
      payload: { image: 'x' },
      headers: bearer(ritaToken),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(imageText.notMultipart);
  });

  it('refuses anonymous callers with 401', async () => {
    const body = await multipart('image', await png(10, 10), 'me.png', 'image/png');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/members/profileimage',
      payload: body.payload,
      headers: { 'content-type': body.contentType },
    });
    expect(res.statusCode).toBe(401);
  });

  it('sets the image of the caller only', async () => {
    const res = await upload(await png(10, 10), { token: otherToken });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.db.select({ image: users.image }).from(users).where(eq(users.id, other.id));
    expect(row!.image).toBe(res.json().data.image);
    expect((await getProfile(rita.id, ritaToken)).json().data.image).not.toBe(row!.image);
  });
});

describe('PUT /v1/members/location', () => {
  const { get, put } = injectAs(() => ctx);
  const hydePark = { label: 'Hyde Park, Austin, TX', lat: 30.306, lng: -97.729, city: 'austin' };
  const me = async (token: string) => {
    const res = await get('/v1/auth/me', token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, unknown>;
  };

  it("keeps the member's location, answers it and shows it in /auth/me; null forgets it", async () => {
    const member = await createMember(ctx.db);
    const token = await signIn(ctx.db, member.id);
    expect((await me(token)).location).toBeNull();

    const set = await put(
      '/v1/members/location',
      { location: { ...hydePark, label: '  Hyde Park, Austin, TX ' } },
      token,
    );
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ status: 1, message: placesText.locationSaved, data: { location: hydePark } });
    expect(await me(token)).toMatchObject({ _id: member.id, location: hydePark });

    // The browser's position outside the served cities has no city.
    const away = { label: 'My location', lat: 51.5074, lng: -0.1278, city: null };
    expect((await put('/v1/members/location', { location: away }, token)).json().data).toEqual({ location: away });
    expect((await me(token)).location).toEqual(away);

    const cleared = await put('/v1/members/location', { location: null }, token);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toEqual({ location: null });
    expect((await me(token)).location).toBeNull();
    // Another member's location is untouched.
    expect((await me(ritaToken)).location).toBeNull();
  });

  it.each([
    [{ ...hydePark, lat: 91 }, 'location.lat', placesText.pointInvalid],
    [{ ...hydePark, lng: -180.5 }, 'location.lng', placesText.pointInvalid],
    [{ ...hydePark, lat: '30.3' }, 'location.lat', placesText.pointInvalid],
    [{ ...hydePark, label: '   ' }, 'location.label', placesText.labelRequired],
    [{ ...hydePark, label: 'x'.repeat(201) }, 'location.label', placesText.labelTooLong],
  ])('refuses %j with 400 and the message on the field', async (location, field, message) => {
    const res = await put('/v1/members/location', { location }, ritaToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, message, errors: { [field]: message } });
  });

  it('refuses a body without a location and a city that is not served with 400', async () => {
    expect((await put('/v1/members/location', {}, ritaToken)).statusCode).toBe(400);
    expect(
      (await put('/v1/members/location', { location: { ...hydePark, city: 'boston' } }, ritaToken)).statusCode,
    ).toBe(400);
    expect((await me(ritaToken)).location).toBeNull();
  });

  it('refuses anonymous callers with 401 and administrators with 403', async () => {
    expect((await put('/v1/members/location', { location: hydePark }, null)).statusCode).toBe(401);
    const admin = await createAdmin(ctx.db);
    const adminToken = await signIn(ctx.db, admin.id);
    expect((await put('/v1/members/location', { location: hydePark }, adminToken)).statusCode).toBe(403);
    // An administrator's /auth/me has no location.
    expect(await me(adminToken)).not.toHaveProperty('location');
  });

  it('takes at most 60 changes an hour from one member', async () => {
    const member = await createMember(ctx.db);
    const token = await signIn(ctx.db, member.id);
    for (let i = 0; i < 60; i++) {
      const res = await put('/v1/members/location', { location: { ...hydePark, lat: 30 + i / 1000 } }, token);
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await put('/v1/members/location', { location: hydePark }, token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(placesText.tooManyLocationChanges);
    expect((await me(token)).location).toMatchObject({ lat: 30.059 });
    // Another member is counted apart.
    expect((await put('/v1/members/location', { location: hydePark }, ritaToken)).statusCode).toBe(200);
    await put('/v1/members/location', { location: null }, ritaToken);
  });
});

describe('OpenAPI', () => {
  it('describes the profile routes, the image upload as multipart', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/members/getmemberlisting/{userId}',
        '/v1/members/updateprofile',
        '/v1/members/profileimage',
        '/v1/members/location',
      ]),
    );
    const content = doc.paths['/v1/members/profileimage'].post.requestBody?.content ?? {};
    expect(Object.keys(content)).toEqual(['multipart/form-data']);
    expect(content['multipart/form-data'].schema.properties.image).toMatchObject({ type: 'string', format: 'binary' });
  });
});
