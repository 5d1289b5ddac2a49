// Many realistic providers at once, for the bench at scale and for tests that need a crowd: listed
// providers with varied names (some accented), about texts, 1–3 of the existing categories, a base
// point scattered around their city, a price, a rating, weekly hours for most of them, a few days
// off, and some requested or accepted jobs in the coming days (from a handful of customers made
// for them).
//
// Everything is written set-based (generate_series) with the search triggers and foreign-key
// checks off (session_replication_role = replica); the search copies (listed, search_name,
// search_about, search_services, category_ids, work_days) and the vocabulary are computed
// set-based with the expressions of `refresh_provider_search` (migration 0010), in the statements
// that write the rows (an update afterwards would write every profile twice). The search read
// model's rows come last, from `provider_search_refresh` (migration 0015), the function its
// triggers call. A small load is one transaction. A large one (20,000 providers or more, at least
// as many as there are) draws into an unlogged table, drops the indexes of provider_profiles,
// provider_search, working_hours and bookings, and writes on two connections at once, one
// transaction each: the profiles on one, the users and all the rest on the other. Each then
// builds the indexes of what it wrote and helps with the other's; the read model is written once
// both are in, and its indexes built on both connections (its GiST of base points takes a minute
// at 1M); vacuum and analyze come last. Should a large load fail half-way, the database keeps what
// was committed, without some indexes: it is a throwaway one in the bench.
//
// PostgreSQL only (the replication-role switch needs a superuser, as the bench's and the tests'
// servers have). Jobs are dated two days ahead and later, so neither the reminders' sweep nor the
// expiry of unanswered requests picks any of them up while a bench runs.
import crypto from 'node:crypto';
import pg from 'pg';

/** Words the generated data holds in known amounts, for searches that want one of each kind. */
export const generatedSamples = {
  /** In every provider offering Plumbing (about one in three with the seed's six categories). */
  commonWord: 'plumbing',
  /** In about one about text in a thousand. */
  rareWord: 'harpsichord',
  /** Inside one last name only (Delgado), at no word's start. */
  nameFragment: 'elgad',
  /** Misspelt service words. */
  misspelt: ['plumer', 'carpentery'],
  /** In no generated text. */
  noMatch: 'zzyzx',
} as const;

export interface GenerateOptions {
  /**
   * Tells this call's rows apart from other calls' in the same database (e-mails, phones and
   * referral codes carry it), 0–99; the next one not used yet by default.
   */
  batch?: number;
  /** Seed of the random choices (−1..1): the same seed and count give the same providers (but for their ids). */
  seed?: number;
  /** Customers made to hold the jobs; 20 by default. */
  customers?: number;
  /** Share of providers with weekly hours (the others work the default hours every day); 0.7. */
  hoursShare?: number;
  /** Share of providers with a few requested or accepted jobs in the next days; 0.2. */
  bookedShare?: number;
  /** Share of providers with 1–3 days off in the next three weeks; 0.05. */
  daysOffShare?: number;
  /** After loading, `vacuum` and `analyze` the tables written (true), or `analyze` them only (false). */
  vacuum?: boolean;
  /**
   * Drop indexes for the load and build them again after it (see the top of this file): by
   * default when the new providers are at least 20,000 and at least as many as those already there.
   */
  rebuildIndexes?: boolean;
  /** In a large load, write and build on a second connection too (true by default). */
  parallel?: boolean;
}

export interface GeneratedProviders {
  batch: number;
  providers: number;
  customers: number;
  workingHours: number;
  daysOff: number;
  bookings: number;
  /** The wall time of the whole load, indexes, vacuum and analyze included. */
  ms: number;
  /** The time of each statement, named by its first words (or the table it fills), in the order they ended. */
  steps: { step: string; ms: number }[];
}

type Client = pg.Client | pg.PoolClient;

// ---------------------------------------------------------------- vocabulary

// Earlier entries are drawn more often (a skewed pick), as real name frequencies are.
// prettier-ignore
export const firstNames = [
  'James', 'Maria', 'Michael', 'Jennifer', 'David', 'Linda', 'Robert', 'Patricia', 'John', 'Elizabeth',
  'Carlos', 'Sofia', 'Daniel', 'Emily', 'José', 'Sarah', 'Luis', 'Jessica', 'Anthony', 'Ashley',
  'Kevin', 'Amanda', 'Brian', 'Nicole', 'Jason', 'Stephanie', 'Taylor', 'Megan', 'Andrés', 'Rachel',
  'Marcus', 'Lauren', 'Tyrone', 'Chloé', 'Ethan', 'Grace', 'Noah', 'Olivia', 'Liam', 'Ava',
  'Mateo', 'Isabella', 'Diego', 'Camila', 'Hector', 'Renée', 'Wei', 'Mei', 'Raj', 'Priya',
  'Omar', 'Fatima', 'Yusuf', 'Aisha', 'Dmitri', 'Anya', 'Tobias', 'Zoë', 'Björn', 'Inés',
  'Kwame', 'Ngozi', 'Hiroshi', 'Yuki', 'Tatiana', 'Theo', 'Tamsin', 'Desmond', 'Marisol', 'Ezra',
];

// prettier-ignore
export const lastNames = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Pérez', 'Thompson', 'White', 'Harris', 'Sánchez', 'Clark', 'Ramírez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Gómez', 'Phillips', 'Evans', 'Turner', 'Díaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes',
  'Delgado', 'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutiérrez', 'Ortiz', 'Morgan',
  'Muñoz', 'Peña', 'Núñez', 'Patel', 'Kowalski', 'Okafor', 'Tanaka', 'Kim', 'Nakamura', 'Schmidt',
  'Müller', 'Lefèvre', 'Dvořák', 'Ibáñez', 'Castillo', 'Tate', 'Tavares', 'Thornton', 'Whitfield', 'Abernathy',
  'Oyelaran', 'Vasquez', 'Fitzgerald', 'MacLeod', 'Bianchi', 'Rossi', 'Haddad', 'Kaur', 'Singh', 'Zhang',
];

// prettier-ignore
const areas: Record<'austin' | 'dallas' | 'nyc', string[]> = {
  austin: ['Hyde Park', 'Zilker', 'East Austin', 'Mueller', 'Travis Heights', 'Round Rock', 'Cedar Park', 'South Lamar', 'Pflugerville', 'Bouldin Creek'],
  dallas: ['Uptown', 'Deep Ellum', 'Oak Cliff', 'Lakewood', 'Bishop Arts', 'Plano', 'Irving', 'Lake Highlands', 'Preston Hollow', 'Richardson'],
  nyc: ['Brooklyn', 'Queens', 'Harlem', 'Astoria', 'the Bronx', 'the Upper West Side', 'Park Slope', 'Williamsburg', 'Staten Island', 'Jackson Heights'],
};

const extras = [
  'Licensed and insured.',
  'Free estimates on every job.',
  'Same-day service when the calendar allows.',
  'I bring my own tools and clean up after myself.',
  'Eco-friendly products on request.',
  'Se habla español.',
  'Background-checked and always on time.',
  'Senior and veteran discounts.',
  'Weekend appointments on request.',
  'Pet-friendly: dogs and cats welcome.',
  'Fully vaccinated, masks on request.',
  'Café owners and small offices welcome too.',
  'Transparent prices, no surprises.',
  'Over 500 happy customers.',
  'Fluent in English, Spanish and Portuguese.',
  'Punctual, polite and tidy.',
];

// {Title}/{title}: the first category as written / in lower case; {area}: a neighbourhood of the
// city; {years}, {year}: in the trade so long, since; {extra1}, {extra2}: two different extras.
const aboutTemplates = [
  '{Title} pro with {years} years of experience around {area}. {extra1} {extra2}',
  'Family-run {title} business serving {area} and nearby neighbourhoods since {year}. {extra1}',
  'I have been doing {title} work for {years} years. {extra1} {extra2}',
  'Licensed {title} specialist. {extra1} Happy to take small jobs in {area}.',
  'Friendly, punctual and tidy. {years} years in {title}. {extra1}',
  '{extra1} Call or book online for same-week {title} appointments around {area}.',
  'Reliable local help with {title} in {area}. {extra2} {extra1}',
  'Former contractor, now independent: {title}, small repairs and odd jobs. {extra1}',
];
/** The templates as format() strings, the placeholders in this order. */
const aboutFields = ['{Title}', '{title}', '{area}', '{years}', '{year}', '{extra1}', '{extra2}'];
const aboutFormats = aboutTemplates.map((template) =>
  aboutFields.reduce((text, field, i) => text.replaceAll(field, `%${i + 1}$s`), template),
);

/** Appended to about one about text in a thousand: holds `generatedSamples.rareWord`. */
const rareSentence = ' Also restores antique harpsichords.';

/** Weekly hours: weekdays (0 = Sunday) and one interval for each; shares of all providers with hours. */
const hourPatterns: { days: number[]; start: number; end: number; weight: number }[] = [
  { days: [1, 2, 3, 4, 5], start: 9 * 60, end: 17 * 60, weight: 40 },
  { days: [2, 3, 4, 5, 6], start: 10 * 60, end: 18 * 60, weight: 20 },
  { days: [1, 2, 3, 4, 5, 6], start: 8 * 60, end: 16 * 60, weight: 14 },
  { days: [1, 2, 3, 4, 5], start: 7 * 60, end: 15 * 60, weight: 8 },
  { days: [0, 3, 4, 5, 6], start: 9 * 60, end: 17 * 60, weight: 8 },
  { days: [1, 3, 5], start: 12 * 60, end: 20 * 60, weight: 6 },
  { days: [0, 6], start: 9 * 60, end: 15 * 60, weight: 4 },
];

/** The hours of a provider without any (slots.ts `defaultHours`). */
const defaultHours = { start: 9 * 60, end: 18 * 60 };

export const cityChoices: {
  city: keyof typeof areas;
  label: string;
  lat: number;
  lng: number;
  zone: string;
  share: number;
}[] = [
  { city: 'austin', label: 'Austin, TX', lat: 30.2672, lng: -97.7431, zone: 'America/Chicago', share: 0.36 },
  { city: 'dallas', label: 'Dallas, TX', lat: 32.7767, lng: -96.797, zone: 'America/Chicago', share: 0.34 },
  { city: 'nyc', label: 'New York, NY', lat: 40.7128, lng: -74.006, zone: 'America/New_York', share: 0.3 },
];

// ---------------------------------------------------------------- SQL pieces

/** A literal of a constant of this file (never of input). */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const textArray = (items: string[]) => `array[${items.map(literal).join(',')}]::text[]`;
/** 1-based index into a list of `length`, earlier ones more likely the larger `skew`. */
const skewedPick = (length: number, skew: number) => `(1 + floor(${length} * power(random(), ${skew})))::int`;

/** `case` over cumulative shares: the index (1-based) of the share `u` falls in. */
function pickByShare(u: string, shares: number[]): string {
  let sum = 0;
  const total = shares.reduce((a, b) => a + b, 0);
  const arms = shares.slice(0, -1).map((share, i) => {
    sum += share / total;
    return `when ${u} < ${sum.toFixed(6)} then ${i + 1}`;
  });
  return `case ${arms.join(' ')} else ${shares.length} end`;
}

/** The hour patterns as rows: (pattern, days, start_minute, end_minute, mask of the days). */
const patternRows = `(values ${hourPatterns
  .map(
    (p, i) =>
      `(${i + 1}, array[${p.days.join(',')}]::smallint[], ${p.start}, ${p.end}, ${p.days.reduce((m, d) => m | (1 << d), 0)})`,
  )
  .join(', ')}) as p(pattern, days, start_minute, end_minute, mask)`;

const cityColumn = (values: (number | string)[], type: string) =>
  `(array[${values.map((v) => (typeof v === 'number' ? String(v) : literal(v))).join(',')}]::${type}[])`;

/** Every table a load writes to, the largest first. */
const loadedTables = [
  'provider_profiles',
  'provider_search',
  'users',
  'working_hours',
  'bookings',
  'provider_services',
  'days_off',
  'search_terms',
  'search_words',
];
/**
 * The tables whose indexes a large load drops: their rows come in an order unrelated to those
 * indexes (the others' rows come in the order of their keys, so their indexes grow at the end).
 */
const rebuiltTables = ['provider_profiles', 'provider_search', 'working_hours', 'bookings'];
/** Whose primary key goes too (random ids); no foreign key leans on it. */
const rebuiltKeys = ['working_hours'];

interface Rebuild {
  table: string;
  definition: string;
  /** Longest first: the GiST of base points (0), the GIN ones (1), the B-trees (2). */
  weight: number;
}

/** Drops the indexes of `rebuiltTables` and the keys of `rebuiltKeys`; answers how to make them again. */
async function dropIndexes(client: Client): Promise<Rebuild[]> {
  const { rows } = await client.query<{ drop: string; definition: string; table: string }>(
    `select t.relname as table,
            case when k.oid is null then format('drop index %I.%I', n.nspname, i.relname)
                 else format('alter table %I.%I drop constraint %I', n.nspname, t.relname, k.conname) end as drop,
            case when k.oid is null then pg_get_indexdef(i.oid)
                 else format('alter table %I.%I add constraint %I %s', n.nspname, t.relname, k.conname,
                             pg_get_constraintdef(k.oid)) end as definition
     from pg_index x
     join pg_class i on i.oid = x.indexrelid
     join pg_class t on t.oid = x.indrelid
     join pg_namespace n on n.oid = t.relnamespace
     left join pg_constraint k on k.conindid = x.indexrelid and k.conrelid = t.oid
     where t.relname = any($1) and n.nspname = current_schema()
       and (k.oid is null or k.contype = 'x' or (k.contype in ('p', 'u') and t.relname = any($2)
            and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = x.indexrelid)))
     order by pg_relation_size(x.indrelid) desc, i.relname`,
    [rebuiltTables, rebuiltKeys],
  );
  for (const row of rows) await client.query(row.drop);
  return rows.map((row) => ({
    table: row.table,
    definition: row.definition,
    weight: / using gist /i.test(row.definition) ? 0 : / using gin /i.test(row.definition) ? 1 : 2,
  }));
}

/** A second connection to the database of `client`, with the same credentials. */
async function openHelper(client: Client): Promise<pg.Client> {
  const helper = new pg.Client({
    host: client.host,
    port: client.port,
    user: client.user,
    password: client.password,
    database: client.database,
    ssl: client.ssl,
  });
  await helper.connect();
  return helper;
}

/**
 * Statements run by whichever session is free, the heaviest first, added while the sessions
 * already work; the sessions return once every producer is done and nothing is left.
 */
class Jobs {
  private queue: Rebuild[] = [];
  private waiting: (() => void)[] = [];
  readonly failures: unknown[] = [];

  constructor(
    private producers: number,
    private run: (session: Client, text: string) => Promise<unknown>,
  ) {}

  add(jobs: Rebuild[]) {
    this.queue.push(...jobs);
    this.queue.sort((a, b) => a.weight - b.weight);
    this.wake();
  }

  /** One producer has added all it will. */
  done() {
    this.producers--;
    this.wake();
  }

  async work(session: Client): Promise<void> {
    for (;;) {
      const job = this.queue.shift();
      if (job) {
        await this.run(session, job.definition).catch((error: unknown) => this.failures.push(error));
      } else if (this.producers <= 0) {
        return;
      } else {
        await new Promise<void>((resolve) => this.waiting.push(resolve));
      }
    }
  }

  private wake() {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

async function nextBatch(client: Client): Promise<number> {
  const { rows } = await client.query<{ batch: number | null }>(
    `select max(substring(email from '^gen([0-9]+)\\.')::int) as batch from users where email like 'gen%@example.test'`,
  );
  return (rows[0]?.batch ?? -1) + 1;
}

/**
 * Inserts `count` listed providers (and their customers' jobs) set-based, with the search copies
 * and the vocabulary up to date, then vacuums and analyzes. It makes its own transactions: call it
 * outside of one. 100k providers take about 25 s, 1M about 4 minutes on a busy 2-core machine
 * (CPU time about 20 s and 200 s, spread over two connections).
 */
export async function generateProviders(
  client: Client,
  count: number,
  options: GenerateOptions = {},
): Promise<GeneratedProviders> {
  const started = performance.now();
  if (!Number.isInteger(count) || count < 1 || count > 9_999_999) throw new Error(`count ${count}: 1 to 9,999,999`);
  const batch = options.batch ?? (await nextBatch(client));
  if (!Number.isInteger(batch) || batch < 0 || batch > 99) throw new Error(`batch ${batch}: 0 to 99`);
  const customers = Math.max(1, options.customers ?? 20);
  const hoursShare = options.hoursShare ?? 0.7;
  const bookedShare = options.bookedShare ?? 0.2;
  const daysOffShare = options.daysOffShare ?? 0.05;
  const vacuum = options.vacuum !== false;
  const b = String(batch).padStart(2, '0');

  const { rows: categoryRows } = await client.query<{ id: string; title: string }>(
    `select id, title from categories where archived_at is null order by title`,
  );
  if (categoryRows.length === 0) throw new Error('generateProviders needs categories that are not archived');
  const categoryIds = categoryRows.map((c) => c.id);
  const categoryTitles = categoryRows.map((c) => c.title);
  const { rows: sizes } = await client.query<{ rows: number }>(
    `select greatest(reltuples, 0)::float8 as rows from pg_class where oid = 'provider_profiles'::regclass`,
  );
  const rebuild = options.rebuildIndexes ?? (count >= 20_000 && count >= (sizes[0]?.rows ?? 0));
  // The draws: a temporary table in a small load (one transaction); in a large one an unlogged
  // table, committed, which both connections read.
  const drawn = rebuild ? `generated_providers_${crypto.randomUUID().slice(0, 8)}` : 'generated_providers';

  const cityPick = pickByShare(
    'u_city',
    cityChoices.map((c) => c.share),
  );
  const patternPick = pickByShare(
    's.u_pattern',
    hourPatterns.map((p) => p.weight),
  );
  const zones = cityColumn(
    cityChoices.map((c) => c.zone),
    'text',
  );
  const extrasSql = textArray(extras);
  const steps: { step: string; ms: number }[] = [];
  const run = async (session: Client, text: string, values?: unknown[]) => {
    const start = performance.now();
    const result = await session.query(text, values);
    // Named by its first words, or what it writes when it starts with a `with`.
    const step =
      /^with\b[\s\S]*?\b(insert into \w+)/i.exec(text.trim())?.[1] ?? text.trim().split(/\s+/).slice(0, 3).join(' ');
    steps.push({ step, ms: Math.round(performance.now() - start) });
    return result;
  };
  /** A transaction of the load: triggers and foreign-key checks off. */
  const transaction = async (session: Client, work: () => Promise<void>) => {
    await session.query('begin');
    try {
      await session.query(`set local session_replication_role = replica`);
      await session.query(`set local synchronous_commit = off`);
      await work();
      await session.query('commit');
    } catch (error) {
      await session.query('rollback').catch(() => {});
      throw error;
    }
  };
  /** For this call's statements: memory to sort in, nothing compiled (one-off statements). */
  const settle = async (session: Client, parallel: boolean) => {
    await session.query(`set work_mem = '256MB'`);
    await session.query(`set maintenance_work_mem = '1GB'`);
    await session.query(`set jit = off`);
    if (parallel) await session.query(`set max_parallel_maintenance_workers = 0`);
  };
  const unsettle = (session: Client) =>
    session.query(`reset work_mem; reset maintenance_work_mem; reset jit; reset max_parallel_maintenance_workers`);

  // ------------------------------------------------------------------ the statements

  // Every random choice of a provider, made once. The ids are numbered in their order and row n
  // was made before row n + 1 (over the last three years); the rows are kept and written in that
  // order, so the users' keys (id, e-mail, phone, referral code, creation time) all grow at their
  // end, and the tables' physical order is the order rows were made in: unrelated to the city,
  // the name or anything else searched, as in a real database.
  const draw = async (session: Client) => {
    await session.query(`select setseed($1)`, [options.seed ?? 0.42]);
    await run(
      session,
      `create ${rebuild ? 'unlogged' : 'temp'} table ${drawn} as
       select n, id, name, first, last, last2, city_i, lat, lng, radius_km, charges_cents, reviews,
              greatest(reviews, least(5 * reviews, round(reviews * (5 - 4 * power(u_stars, 2.2)))))::int as rating_sum,
              slot_minutes, buffer_minutes, pattern, cats, created_at, jobs, busy, days_off,
              case when u_about < 0.04 then null
                   else format((${textArray(aboutFormats)})[template], title, lower(title), area, years::text,
                               (extract(year from now())::int - years)::text, (${extrasSql})[extra1],
                               (${extrasSql})[1 + (extra1 - 1 + extra2_step) % ${extras.length}])
                        || case when u_rare < 0.001 then ${literal(rareSentence)} else '' end
              end as about
       from (
         select r.*,
                first || coalesce(' ' || initial || '.', '') || ' ' || last || coalesce('-' || last2, '') as name,
                ($6::text[])[cats[1]] as title,
                (case city_i ${cityChoices.map((c, i) => `when ${i + 1} then ${textArray(areas[c.city])}`).join(' ')} end)[area_i] as area
         from (
           select s.n, s.id, s.city_i,
                  (${textArray(firstNames)})[${skewedPick(firstNames.length, 1.3)}] as first,
                  case when random() < 0.7 then chr(65 + floor(random() * 26)::int) end as initial,
                  (${textArray(lastNames)})[${skewedPick(lastNames.length, 1.6)}] as last,
                  case when random() < 0.25 then (${textArray(lastNames)})[${skewedPick(lastNames.length, 1.6)}] end as last2,
                  ${cityColumn(
                    cityChoices.map((c) => c.lat),
                    'float8',
                  )}[s.city_i] + s.dist_km / 111.32 * cos(s.bearing) as lat,
                  ${cityColumn(
                    cityChoices.map((c) => c.lng),
                    'float8',
                  )}[s.city_i]
                    + s.dist_km / (111.32 * cos(radians(${cityColumn(
                      cityChoices.map((c) => c.lat),
                      'float8',
                    )}[s.city_i])))
                      * sin(s.bearing) as lng,
                  (array[10, 15, 25, 25, 40])[1 + floor(random() * 5)::int]::smallint as radius_km,
                  (20 + floor(131 * power(random(), 1.7))::int) * 100 as charges_cents,
                  floor(201 * power(random(), 2.5))::int as reviews,
                  random() as u_stars,
                  (array[30, 45, 60, 60, 60, 90, 120])[1 + floor(random() * 7)::int]::smallint as slot_minutes,
                  (array[0, 15, 30, 30])[1 + floor(random() * 4)::int]::smallint as buffer_minutes,
                  case when s.u_hours < $2 then ${patternPick} else 0 end as pattern,
                  -- 1–3 different categories (indexes into $6), the first one the main one
                  case s.k when 1 then array[s.c1] when 2 then array[s.c1, s.c2]
                    else array[s.c1, s.c2, s.c3 + (s.c3 >= least(s.c1, s.c2))::int
                                             + ((s.c3 + (s.c3 >= least(s.c1, s.c2))::int) >= greatest(s.c1, s.c2))::int] end as cats,
                  now() - (($1 - s.n) + random()) * (interval '3 years' / $1) as created_at,
                  case when random() < $4 then 1 + floor(random() * 4)::int else 0 end as jobs,
                  random() < $4 * 0.1 as busy,
                  case when random() < $5 then 1 + floor(random() * 3)::int else 0 end as days_off,
                  random() as u_about, random() as u_rare,
                  1 + floor(random() * 10)::int as area_i,
                  1 + floor(power(random(), 1.5) * 30)::int as years,
                  1 + floor(random() * ${extras.length})::int as extra1,
                  1 + floor(random() * ${extras.length - 1})::int as extra2_step,
                  1 + floor(random() * ${aboutTemplates.length})::int as template
           from (
             select n, id, ${cityPick} as city_i, u_hours, u_pattern, dist_km, bearing, k, c1,
                    1 + (c1 - 1 + c2_step) % $3 as c2, c3
             from (
               select row_number() over (order by id)::int as n, id,
                      random() as u_city, random() as u_hours, random() as u_pattern,
                      30 * power(random(), 1.4) as dist_km, 2 * pi() * random() as bearing,
                      least(case when random() < 0.5 then 1 when random() < 0.7 then 2 else 3 end, $3) as k,
                      1 + floor(random() * $3)::int as c1,
                      1 + floor(random() * greatest($3 - 1, 1))::int as c2_step,
                      1 + floor(random() * greatest($3 - 2, 1))::int as c3
               from (select gen_random_uuid() as id from generate_series(1, $1::int)) as ids
             ) s0
           ) s
         ) r
       ) t
       order by n`,
      [count, hoursShare, categoryIds.length, bookedShare, daysOffShare, categoryTitles],
    );
    // A new table has no statistics yet; the joins below want them.
    await run(session, `analyze ${drawn}`);
  };

  // The profiles with their search copies, computed as refresh_provider_search computes them:
  // listed (an active provider, not blocked: all of these), the name and about text without
  // accents, and, for each set of categories drawn, its titles (unaccented, in title order) and
  // ids (sorted) among the categories not archived; work_days is the mask of the weekdays of the
  // provider's hours (127 without any).
  const insertProfiles = (session: Client) =>
    run(
      session,
      `with offered as (
         select cats,
                coalesce((select string_agg(unaccent(c.title), ' ' order by c.title) from categories as c
                          where c.id = any (ids) and c.archived_at is null), '') as titles,
                coalesce((select array_agg(c.id order by c.id) from categories as c
                          where c.id = any (ids) and c.archived_at is null), '{}') as ids
         from (select cats, (select array_agg(($1::uuid[])[i]) from unnest(cats) as i) as ids
               from (select distinct cats from ${drawn}) as sets) as picked
       )
       insert into provider_profiles (user_id, charges_cents, address, city, time_zone, lat, lng, radius_km,
                                      slot_minutes, buffer_minutes, rating_sum, review_count, created_at,
                                      listed, search_name, search_about, search_services, category_ids, work_days)
       select g.id, g.charges_cents,
              (100 + g.n % 9900)::text || ' ' || (${textArray(lastNames)})[1 + g.n % ${lastNames.length}] || ' St, ' ||
                ${cityColumn(
                  cityChoices.map((c) => c.label),
                  'text',
                )}[g.city_i],
              ${cityColumn(
                cityChoices.map((c) => c.city),
                'text',
              )}[g.city_i], ${zones}[g.city_i],
              g.lat, g.lng, g.radius_km, g.slot_minutes, g.buffer_minutes, g.rating_sum, g.reviews, g.created_at,
              true, lower(unaccent(g.name)), unaccent(coalesce(g.about, '')), o.titles, o.ids, coalesce(p.mask, 127)
       from ${drawn} as g
       join offered as o on o.cats = g.cats
       left join ${patternRows} on p.pattern = g.pattern`,
      [categoryIds],
    );

  // The search read model's rows, written by the function its triggers call (migration 0015), and
  // the counts of its dictionary's words, as the daily job counts them (0039).
  const fillReadModel = async (session: Client) => {
    await run(session, `select provider_search_refresh(array(select id from ${drawn}))`);
    await run(session, `select search_words_count()`);
  };

  const counts = { workingHours: 0, daysOff: 0, bookings: 0 };
  // The users, their services, hours, days off and jobs, and the vocabulary.
  const insertTheRest = async (session: Client) => {
    await run(
      session,
      `insert into users (id, role, name, first_name, last_name, email, phone, status, is_blocked, phone_verified_at,
                          about, referral_code, created_at, updated_at)
       select id, 'provider', name, first, last || coalesce('-' || last2, ''),
              'gen${b}.' || lpad(n::text, 7, '0') || '@example.test', '6${b}' || lpad(n::text, 7, '0'),
              '1', false, created_at, about, 'G${b}' || upper(lpad(to_hex(n), 7, '0')), created_at, created_at
       from ${drawn}`,
    );
    await run(
      session,
      `insert into provider_services (provider_id, category_id)
       select g.id, ($1::uuid[])[i] from ${drawn} g cross join unnest(g.cats) as i`,
      [categoryIds],
    );
    counts.workingHours =
      (
        await run(
          session,
          `insert into working_hours (provider_id, weekday, start_minute, end_minute)
           select g.id, d, p.start_minute, p.end_minute
           from ${drawn} g
           join ${patternRows} on p.pattern = g.pattern
           cross join unnest(p.days) as d`,
        )
      ).rowCount ?? 0;
    // The vocabulary, as refresh_provider_search adds to it: every word of 3 letters or more of
    // the names and service titles, lower case, without accents. A name's words are those of its
    // parts, so the parts drawn are split (a few hundred) rather than every name.
    await run(
      session,
      `insert into search_terms (term)
       select distinct w
       from (
         select lower(unaccent(part)) as text
         from (select first as part from ${drawn}
               union select last from ${drawn}
               union select last2 from ${drawn} where last2 is not null) as parts
         union all
         select lower(unaccent(c.title))
         from categories as c
         where c.archived_at is null
           and c.id = any (select ($1::uuid[])[i] from (select distinct unnest(cats) as i from ${drawn}) as offered)
       ) as texts, regexp_split_to_table(text, '[^[:alnum:]]+') as w
       where length(w) >= 3
       on conflict do nothing`,
      [categoryIds],
    );
    counts.daysOff =
      (
        await run(
          session,
          `insert into days_off (provider_id, day)
           select distinct on (g.n, day) g.id, current_date + (1 + floor(random() * 21)::int + k * 0) as day
           from ${drawn} g cross join generate_series(1, g.days_off) as k
           where g.days_off > 0
           order by g.n, day`,
        )
      ).rowCount ?? 0;

    // A handful of customers hold the jobs.
    await run(
      session,
      `create temp table generated_customers on commit drop as
       select i, gen_random_uuid() as id, '8${b}' || lpad(i::text, 7, '0') as phone,
              (${textArray(firstNames)})[1 + (i * 7) % ${firstNames.length}] || ' ' ||
                (${textArray(lastNames)})[1 + (i * 13) % ${lastNames.length}] as name,
              (1 + i * 37 % 900)::text || ' ' || (${textArray(lastNames)})[1 + (i * 5) % ${lastNames.length}] || ' Ave' as address
       from generate_series(1, $1::int) as i`,
      [customers],
    );
    await run(
      session,
      `insert into users (id, role, name, email, phone, status, phone_verified_at, referral_code)
       select id, 'customer', name, 'gen${b}.c' || lpad(i::text, 4, '0') || '@example.test', phone, '1', now(),
              'G${b}C' || upper(lpad(to_hex(i), 6, '0'))
       from generated_customers`,
    );
    await run(session, `insert into wallets (user_id) select id from generated_customers on conflict do nothing`);

    // Jobs from two days ahead (past the 24-hour reminders and the expiry of requests), on
    // consecutive days the provider works, at the starts of its slots and one slot long (two never
    // overlap, as bookings_no_overlap requires); a few providers have a whole day taken (another
    // day than their other jobs, so no slot is taken twice).
    counts.bookings =
      (
        await run(
          session,
          `with workdays as (
             select m.mask, array_agg(o order by o) as offsets
             from (select mask from ${patternRows} union select 127) as m
             cross join generate_series(2, 12) as o
             where (m.mask >> extract(dow from current_date + o)::int) & 1 = 1
             group by m.mask
           ),
           customers as (
             select array_agg(id order by i) as ids, array_agg(phone order by i) as phones,
                    array_agg(address order by i) as addresses, count(*)::int as n
             from generated_customers
           ),
           booked as (
             select g.n, g.id, g.cats[1] as cat, g.jobs, g.busy, g.charges_cents, ${zones}[g.city_i] as time_zone,
                    g.slot_minutes + g.buffer_minutes as step, g.slot_minutes,
                    coalesce(p.start_minute, ${defaultHours.start}) as start_minute,
                    coalesce(p.end_minute, ${defaultHours.end}) as end_minute,
                    w.offsets, cardinality(w.offsets) as days, floor(random() * 11)::int as first_day
             from ${drawn} g
             left join ${patternRows} on p.pattern = g.pattern
             join workdays w on w.mask = coalesce(p.mask, 127)
             where g.jobs > 0 or g.busy
           ),
           jobs as (
             select b.*, b.offsets[1 + (b.first_day + 1 + j) % b.days] as offset_days,
                    b.start_minute + b.step * floor(random() * (1 + (b.end_minute - b.start_minute - b.slot_minutes) / b.step))::int
                      as minute
             from booked b cross join generate_series(0, least(b.jobs, b.days - 1) - 1) as j
             union all
             select b.*, b.offsets[1 + b.first_day % b.days], s.minute
             from booked b cross join generate_series(b.start_minute, b.end_minute - b.slot_minutes, b.step) as s(minute)
             where b.busy
           )
           insert into bookings (customer_id, provider_id, category_id, date, time, time_zone, duration_minutes,
                                 phone, address, description, status, charges_cents, created_at, updated_at)
           select c.ids[1 + (j.n + j.offset_days) % c.n], j.id, ($1::uuid[])[j.cat], current_date + j.offset_days,
                  to_char(make_time(j.minute / 60, j.minute % 60, 0), 'HH24:MI'), j.time_zone, j.slot_minutes,
                  c.phones[1 + (j.n + j.offset_days) % c.n], c.addresses[1 + (j.n + j.offset_days) % c.n],
                  (array['Leaking kitchen tap', 'Two rooms to paint', 'Deep clean before guests arrive',
                         'Shelves to put up', 'Dishwasher not draining', 'Haircut and styling at home'])[1 + floor(random() * 6)::int],
                  case when random() < 0.6 then 'accepted' else 'requested' end, j.charges_cents,
                  now() - random() * interval '4 hours', now()
           from jobs as j cross join customers as c`,
          [categoryIds],
        )
      ).rowCount ?? 0;
  };

  // ------------------------------------------------------------------ the load

  const helper = rebuild && options.parallel !== false ? await openHelper(client) : null;
  const sessions = helper ? [client, helper] : [client];
  try {
    for (const session of sessions) await settle(session, helper !== null);
    if (!rebuild) {
      await transaction(client, async () => {
        await draw(client);
        await insertTheRest(client);
        await insertProfiles(client);
        await fillReadModel(client);
      });
      await run(client, `${vacuum ? 'vacuum (analyze)' : 'analyze'} ${loadedTables.join(', ')}`);
    } else {
      await draw(client);
      const rebuilt = await dropIndexes(client);
      // Each connection builds the indexes of what it wrote as soon as it is in, then helps the
      // other: the profiles' indexes (the GiST of base points alone takes a minute at 1M) may
      // start while the other connection still writes the rest. Vacuum comes last: an open
      // transaction on either connection would keep it from marking the new rows visible to all.
      const jobs = new Jobs(2, run);
      const load = async (session: Client, tables: 'profiles' | 'the rest') => {
        try {
          if (tables === 'profiles') await transaction(session, () => insertProfiles(session).then(() => {}));
          else await transaction(session, () => insertTheRest(session));
          jobs.add(
            rebuilt.filter(
              (r) => r.table !== 'provider_search' && (r.table === 'provider_profiles') === (tables === 'profiles'),
            ),
          );
        } finally {
          jobs.done();
        }
      };
      if (helper) {
        const results = await Promise.allSettled([
          load(helper, 'profiles').then(() => jobs.work(helper)),
          load(client, 'the rest').then(() => jobs.work(client)),
        ]);
        for (const result of results) if (result.status === 'rejected') throw result.reason;
      } else {
        await load(client, 'profiles');
        await load(client, 'the rest');
        await jobs.work(client);
      }
      if (jobs.failures.length) throw jobs.failures[0];
      // The read model comes from the profiles and days off, both in by now; its indexes after it.
      await fillReadModel(client);
      const indexes = new Jobs(0, run);
      indexes.add(rebuilt.filter((r) => r.table === 'provider_search'));
      await Promise.all(sessions.map((session) => indexes.work(session)));
      if (indexes.failures.length) throw indexes.failures[0];
      const tidy = new Jobs(0, run);
      tidy.add(
        loadedTables.map((table) => ({
          table,
          definition: `${vacuum ? 'vacuum (analyze)' : 'analyze'} ${table}`,
          weight: 0,
        })),
      );
      await Promise.all(sessions.map((session) => tidy.work(session)));
      if (tidy.failures.length) throw tidy.failures[0];
    }
  } finally {
    await client.query(`drop table if exists ${drawn}`).catch(() => {});
    await unsettle(client).catch(() => {});
    await helper?.end();
  }
  return {
    batch,
    providers: count,
    customers,
    ...counts,
    ms: performance.now() - started,
    steps,
  };
}
