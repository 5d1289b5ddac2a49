// At 100k generated providers on PostgreSQL, no shape of search reads the read model whole: every
// statement `discover` sends is run again under EXPLAIN ANALYZE, and the rows each plan node takes
// from provider_search or provider_profiles (returned plus removed by a filter or a recheck, over
// all its loops) stay a small part of the table; no plan scans provider_search sequentially, and
// no sort takes more rows than collecting the few may (providers.search.ts: about
// sqrt(2 · 100 · 100k)). PostgreSQL only: the planner's choices at scale are the point.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuery } from '../../../contract/providers.js';
import { generatedSamples, generateProviders } from '../../test/generated-providers.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createCategory } from '../../test/factories.js';
import { discover } from './providers.search.js';

const providers = 100_000;
/** Rows of a table one node may touch: a twentieth of it. */
const touchedAtMost = providers * 0.05;
/** Rows one sort may take: what collecting sorts at most, with room for the sample's error. */
const sortedAtMost = 2 * Math.sqrt(2 * 100 * providers);

const onPostgres = Boolean(process.env.DATABASE_URL);
let ctx: TestContext;
let plumbing = '';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

const taken = (node: PlanNode) =>
  (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) *
  node['Actual Loops'];

/** The nodes reading provider_search or provider_profiles, and the sorts, with the rows each took. */
function reads(node: PlanNode, into: { type: string; table?: string; rows: number }[] = []) {
  const table = node['Relation Name'];
  // A node that never ran read nothing.
  if ((table === 'provider_search' || table === 'provider_profiles') && node['Actual Loops'] > 0)
    into.push({ type: node['Node Type'], table, rows: taken(node) });
  if (node['Node Type'] === 'Sort')
    into.push({ type: 'Sort', rows: (node.Plans ?? []).reduce((sum, child) => sum + child['Actual Rows'], 0) });
  for (const child of node.Plans ?? []) reads(child, into);
  return into;
}

type Sent = { text: string; values?: unknown[] };
type Statement = Sent & { settings: Sent[] };

/** A statement that changes the planner's settings for the transaction: `set local`, or `set_config(…, true)`. */
const isSetting = (text: string) => /^(set local |select set_config\()/i.test(text);

/**
 * Runs one search, keeping the statements it sends (on the pool, and on a client taken for a
 * transaction, with the settings in force there), then explains each of them under
 * the same settings.
 */
async function explainSearch(query: Record<string, string>) {
  const pool = ctx.database.pool!;
  const sent: Statement[] = [];
  const keep = (settings: Sent[]) => (config: unknown, values?: unknown) => {
    const statement = typeof config === 'string' ? { text: config } : (config as Sent);
    const kept = { text: statement.text, values: (values as unknown[] | undefined) ?? statement.values };
    if (isSetting(kept.text)) settings.push(kept);
    else sent.push({ ...kept, settings: [...settings] });
  };
  const poolQuery = pool.query.bind(pool);
  const poolConnect = pool.connect.bind(pool);
  const onPool = keep([]);
  pool.query = ((config: unknown, values?: unknown) => {
    onPool(config, values);
    return (poolQuery as (c: unknown, v?: unknown) => unknown)(config, values);
  }) as typeof pool.query;
  // pool.query takes its client through connect(callback): that path is kept as it is.
  pool.connect = ((callback?: unknown) => {
    if (typeof callback === 'function') return (poolConnect as (c: unknown) => void)(callback);
    return connectKept();
  }) as typeof pool.connect;
  const connectKept = async () => {
    const client = await poolConnect();
    const clientQuery = client.query.bind(client);
    const onClient = keep([]);
    client.query = ((config: unknown, values?: unknown) => {
      onClient(config, values);
      return (clientQuery as (c: unknown, v?: unknown) => unknown)(config, values);
    }) as typeof client.query;
    const release = client.release.bind(client);
    client.release = ((error?: Error | boolean) => {
      client.query = clientQuery;
      return release(error);
    }) as typeof client.release;
    return client;
  };
  try {
    await discover(ctx.db, searchQuery.parse(query), new Date());
  } finally {
    pool.query = poolQuery;
    pool.connect = poolConnect;
  }
  const plans = [];
  const client = await pool.connect();
  try {
    for (const statement of sent.filter((s) => /provider_search|provider_profiles/.test(s.text))) {
      await client.query('begin');
      for (const setting of statement.settings) await client.query(setting.text, setting.values);
      const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `explain (analyze, format json) ${statement.text}`,
        statement.values,
      );
      await client.query('rollback');
      plans.push({ text: statement.text, nodes: reads(rows[0]!['QUERY PLAN'][0]!.Plan) });
    }
  } finally {
    client.release();
  }
  return plans;
}

beforeAll(async () => {
  if (!onPostgres) return;
  ctx = await createTestContext();
  for (const title of ['Plumbing', 'Cleaning', 'Carpentry', 'Painting', 'Beauty', 'Appliance Repair']) {
    const category = await createCategory(ctx.db, { title });
    if (title === 'Plumbing') plumbing = category.id;
  }
  const client = await ctx.database.pool!.connect();
  try {
    await generateProviders(client, providers, { seed: 0.42 });
  } finally {
    client.release();
  }
}, 600_000);

afterAll(async () => {
  await ctx?.close();
});

describe.skipIf(!onPostgres)(`search at ${providers / 1000}k providers`, () => {
  const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const shapes: [string, () => Record<string, string>][] = [
    ['a common word', () => ({ text: generatedSamples.commonWord })],
    ['a rare word', () => ({ text: generatedSamples.rareWord })],
    ['a one-letter prefix', () => ({ text: 't' })],
    ['a three-letter prefix', () => ({ text: 'tay' })],
    ['a misspelling', () => ({ text: generatedSamples.misspelt[0] })],
    ['a part of a name', () => ({ text: generatedSamples.nameFragment })],
    [
      'category, city, price range and rating',
      () => ({ category: plumbing, city: 'dallas', minPrice: '30', maxPrice: '80', minRating: '4' }),
    ],
    ['near a point, nearest first', () => ({ lat: '32.78', lng: '-96.8', radiusKm: '25', sort: 'distance' })],
    ['free on a date', () => ({ date: inThreeDays, city: 'austin' })],
    ['a common word, cheapest first', () => ({ text: generatedSamples.commonWord, sort: 'price' })],
    ['no text, page 5', () => ({ page: '5' })],
    ['a part of a name many have, page 5', () => ({ text: 'son', page: '5' })],
    [
      'near a point, best rated first, with a category',
      () => ({ lat: '30.3', lng: '-97.7', radiusKm: '10', category: plumbing }),
    ],
    [
      'a common word in a city, free on a date, page 3',
      () => ({ text: 'clean', city: 'nyc', date: inThreeDays, page: '3' }),
    ],
  ];
  it.each(shapes)('%s reads a small part of the read model', async (_shape, query) => {
    const plans = await explainSearch(query());
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      for (const node of plan.nodes) {
        const where = `${node.type} ${node.table ?? ''} in ${plan.text}`;
        if (node.type === 'Sort') expect(node.rows, where).toBeLessThanOrEqual(sortedAtMost);
        else expect(node.rows, where).toBeLessThanOrEqual(touchedAtMost);
        expect(node.type === 'Seq Scan' && node.table === 'provider_search', where).toBe(false);
      }
    }
  });
  // The dictionary says no document holds such a word, and no name has it.
  it.each([
    ['a word that matches nothing', generatedSamples.noMatch],
    ['a two-letter prefix that starts no word', 'xq'],
  ])('%s is answered without reading the read model', async (_shape, text) => {
    expect(await explainSearch({ text })).toEqual([]);
  });
});
