// Members made straight in the database, each with a session whose token the bench knows: signing
// in thousands through the API would cost texts, codes and rate limits that are not under test.
import crypto from 'node:crypto';
import pg from 'pg';

export interface Member {
  id: string;
  /** The Bearer token of its session. */
  token: string;
  email: string;
  phone: string;
}

const day = 24 * 3_600_000;
/** Phones only need to be unique; every database is fresh, so one counter per run will do. */
let nextPhone = 7_000_000_000;

/**
 * `count` active members of `role` named `<label> <n>`; providers get a profile in Austin with
 * one-hour slots and no travel buffer, so every free slot of a day can be booked.
 */
export async function insertMembers(
  databaseUrl: string,
  label: string,
  count: number,
  role: 'customer' | 'provider',
): Promise<Member[]> {
  const members = Array.from({ length: count }, (_, n) => ({
    id: crypto.randomUUID(),
    token: crypto.randomBytes(24).toString('base64url'),
    email: `${label}-${n}@bench.test`,
    phone: String(nextPhone++),
  }));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into users (id, role, name, email, phone, status, referral_code, email_verified_at, phone_verified_at)
       select id, $2, $3 || ' ' || n, email, phone, '1', 'BENCH' || phone, now(), now()
       from unnest($1::uuid[], $4::text[], $5::text[]) with ordinality as m(id, email, phone, n)`,
      [members.map((m) => m.id), role, label, members.map((m) => m.email), members.map((m) => m.phone)],
    );
    if (role === 'provider') {
      await client.query(
        `insert into provider_profiles (user_id, charges_cents, address, city, lat, lng, time_zone, slot_minutes, buffer_minutes, listed)
         select id, 5000, 'Bench street', 'austin', 30.2672, -97.7431, 'America/Chicago', 60, 0, true from unnest($1::uuid[]) as id`,
        [members.map((m) => m.id)],
      );
    }
    await client.query(
      `insert into sessions (user_id, token_hash, expires_at)
       select id, hash, now() + $3::float8 * interval '1 millisecond' from unnest($1::uuid[], $2::text[]) as s(id, hash)`,
      [members.map((m) => m.id), members.map((m) => crypto.createHash('sha256').update(m.token).digest('hex')), day],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    await client.end();
  }
  return members;
}
