// The searches people make, as a randomized mix no cache can serve: many different words (common,
// rare, 1–3 letter prefixes, misspellings, no match, parts of names), random points in the three
// cities with radii of 5–50 km, random filter combinations, random dates in the next two weeks,
// pages 1–5. The mix is drawn from a seed, printed with the figures, so a run can be repeated
// request for request. `runMix` sends it on keep-alive connections, each taking the next request
// of the shuffled list as soon as its answer is in, and keeps every answer's latency by shape.
import http from 'node:http';
import { seededRandom as seeded } from '../src/server/db/seed.js';
import { cityChoices, firstNames, generatedSamples, lastNames } from '../src/server/test/generated-providers.js';
import { percentile } from './servers.js';

export const searchShapes = [
  'text',
  'prefix',
  'misspelling',
  'no match',
  'part of a name',
  'filters',
  'near a point',
  'free on a date',
  'combination',
] as const;
export type SearchShape = (typeof searchShapes)[number];

export interface MixRequest {
  shape: SearchShape | 'suggest';
  path: string;
}

const plainWord = (word: string) =>
  word
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/** Words of the generated texts: service titles, names, about texts, neighbourhoods. */
const commonWords = [
  'plumbing',
  'cleaning',
  'painting',
  'carpentry',
  'appliance',
  'repair',
  'beauty',
  'licensed',
  'insured',
  'friendly',
  'weekend',
  'family',
  'estimates',
  'tidy',
  'punctual',
];
const rareWords = [generatedSamples.rareWord, 'zilker', 'astoria', 'harlem', 'mueller', 'veteran', 'portuguese'];
const names = [...firstNames, ...lastNames].map(plainWord);
const vocabulary = [...commonWords, ...rareWords, ...names];

export interface MixContext {
  /** Category ids to filter on. */
  categories: string[];
  /** `YYYY-MM-DD` of the next days, for the date filter. */
  days: string[];
}

/** Draws `count` different search requests, about as many of each shape, in a shuffled order. */
export function searchMix(seed: number, count: number, context: MixContext): MixRequest[] {
  const random = seeded(seed);
  const int = (below: number) => Math.floor(random() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const between = (low: number, high: number) => low + int(high - low + 1);

  const prefix = () => {
    if (random() < 0.15) return String.fromCharCode(97 + int(26)) + String.fromCharCode(97 + int(26));
    const word = pick(vocabulary);
    return word.slice(0, between(1, 3));
  };
  const misspelt = () => {
    const word = pick([...commonWords, ...names.filter((name) => name.length >= 5)]);
    const at = between(1, word.length - 2);
    const letter = String.fromCharCode(97 + int(26));
    switch (int(4)) {
      case 0:
        return word.slice(0, at) + word.slice(at + 1);
      case 1:
        return word.slice(0, at) + letter + word.slice(at);
      case 2:
        return word.slice(0, at) + letter + word.slice(at + 1);
      default:
        return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    }
  };
  const noMatch = () =>
    Array.from({ length: between(4, 7) }, () => pick(['q', 'x', 'z', 'j', 'v', 'k', 'w'])).join('') +
    String.fromCharCode(97 + int(26));
  const namePart = () => {
    const name = pick(lastNames.map(plainWord).filter((word) => word.length >= 6));
    const length = between(3, Math.min(5, name.length - 2));
    const at = between(1, name.length - 1 - length);
    return name.slice(at, at + length);
  };
  const textOf = () =>
    random() < 0.2 ? `${pick(commonWords)} ${pick(names)}` : pick(random() < 0.7 ? commonWords : rareWords);
  const point = () => {
    const city = pick(cityChoices);
    const km = 25 * Math.sqrt(random());
    const bearing = 2 * Math.PI * random();
    const lat = city.lat + (km / 111.32) * Math.cos(bearing);
    const lng = city.lng + (km / (111.32 * Math.cos((city.lat * Math.PI) / 180))) * Math.sin(bearing);
    return `lat=${lat.toFixed(4)}&lng=${lng.toFixed(4)}&radiusKm=${between(5, 50)}`;
  };
  const filters = (): string[] => {
    const chosen: string[] = [];
    const add = (probability: number, part: () => string) => {
      if (random() < probability) chosen.push(part());
    };
    add(0.6, () => `category=${pick(context.categories)}`);
    add(0.6, () => `city=${pick(cityChoices).city}`);
    add(0.4, () => {
      const low = between(0, 6) * 10;
      return `minPrice=${low}&maxPrice=${low + between(2, 10) * 10}`;
    });
    add(0.4, () => `minRating=${pick([3, 3.5, 4, 4.5])}`);
    add(0.3, () => `sort=${pick(['rating', 'price'])}`);
    if (!chosen.some((part) => part.startsWith('city='))) chosen.push(`city=${pick(cityChoices).city}`);
    if (chosen.length < 2) chosen.push(`category=${pick(context.categories)}`);
    return chosen;
  };
  const extras = (): string[] => {
    const chosen = [
      `category=${pick(context.categories)}`,
      `city=${pick(cityChoices).city}`,
      point(),
      `date=${pick(context.days)}`,
      `minRating=${pick([3, 4, 4.5])}`,
      `maxPrice=${between(4, 15) * 10}`,
      `sort=${pick(['rating', 'price', 'distance'])}`,
    ].filter(() => random() < 0.3);
    // Nearest first needs a point or a city to measure from.
    const placed = chosen.some((part) => part.startsWith('lat=') || part.startsWith('city='));
    const fit = chosen.filter((part) => placed || part !== 'sort=distance');
    return fit.length ? fit : [`date=${pick(context.days)}`];
  };

  const draw: Record<SearchShape, () => string[]> = {
    text: () => [`text=${encodeURIComponent(textOf())}`],
    prefix: () => [`text=${prefix()}`],
    misspelling: () => [`text=${misspelt()}`],
    'no match': () => [`text=${noMatch()}`],
    'part of a name': () => [`text=${namePart()}`],
    filters,
    'near a point': () => [
      point(),
      ...(random() < 0.5 ? ['sort=distance'] : random() < 0.5 ? [] : [`category=${pick(context.categories)}`]),
    ],
    'free on a date': () => [
      `date=${pick(context.days)}`,
      ...(random() < 0.5 ? [`city=${pick(cityChoices).city}`] : []),
      ...(random() < 0.4 ? [`category=${pick(context.categories)}`] : []),
    ],
    combination: () => [`text=${encodeURIComponent(random() < 0.5 ? pick(commonWords) : prefix())}`, ...extras()],
  };

  const seen = new Set<string>();
  const mix: MixRequest[] = [];
  for (let tries = 0; mix.length < count && tries < count * 50; tries++) {
    const shape = searchShapes[mix.length % searchShapes.length]!;
    const path = `/v1/services/search?${[...draw[shape](), `page=${between(1, 5)}`].join('&')}`;
    if (seen.has(path)) continue;
    seen.add(path);
    mix.push({ shape, path });
  }
  return shuffled(mix, random);
}

/** `count` different suggestion requests: the first 1–8 letters of the vocabulary's words. */
export function suggestMix(seed: number, count: number): MixRequest[] {
  const random = seeded(seed);
  const seen = new Set<string>();
  const mix: MixRequest[] = [];
  for (let tries = 0; mix.length < count && tries < count * 50; tries++) {
    const word = vocabulary[Math.floor(random() * vocabulary.length)]!;
    const path = `/v1/services/suggest?text=${encodeURIComponent(word.slice(0, 1 + Math.floor(random() * 8)))}`;
    if (seen.has(path)) continue;
    seen.add(path);
    mix.push({ shape: 'suggest', path });
  }
  return mix;
}

function shuffled<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

export interface MixRun {
  /** Latencies of the 2xx answers, ms, by shape. */
  latencies: Map<string, number[]>;
  answers: number;
  failures: number;
  /** Status and path of the first answer that was not 2xx. */
  firstFailure?: string;
  seconds: number;
}

/** `seconds` of the mix on `connections` keep-alive connections, each always waiting for its answer. */
export async function runMix(base: string, mix: MixRequest[], seconds: number, connections: number): Promise<MixRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const run: MixRun = { latencies: new Map(), answers: 0, failures: 0, seconds };
  const until = performance.now() + seconds * 1000;
  let next = 0;
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(`${base}${path}`, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      });
      request.on('error', reject);
    });
  const worker = async () => {
    while (performance.now() < until) {
      const request = mix[next++ % mix.length]!;
      const started = performance.now();
      const status = await get(request.path).catch(() => 0);
      const ms = performance.now() - started;
      run.answers++;
      if (status >= 200 && status < 300) {
        const list = run.latencies.get(request.shape) ?? [];
        list.push(ms);
        run.latencies.set(request.shape, list);
      } else {
        run.failures++;
        run.firstFailure ??= `${status} ${request.path}`;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  return run;
}

/** p50, p95 and p99 of some latencies, as a line's figures. */
export function percentiles(latencies: number[]) {
  const [p50, p95, p99] = [0.5, 0.95, 0.99].map((share) => percentile(latencies, share));
  return { p50: p50!, p95: p95!, p99: p99! };
}
