// The public pages, as a visitor and a search engine meet them, on a built server already running:
// - paint: `/`, a provider's page and /userlogin in headless Chromium with 4× CPU slowdown, each
//   loaded in 3 fresh contexts (nothing cached); the medians of first and largest contentful paint
//   within 600 ms and 1000 ms;
// - content without JavaScript: each of these pages holds its main content in the HTML it is
//   served with (the catalogue, the provider's name as the heading, the sign-in form);
// - Lighthouse (12, its default mobile preset: simulated slow 4G and 4× CPU) on those pages and a
//   category-city page: performance ≥ 90, SEO and accessibility 100. One run a page, one page at a
//   time, so a score moves a few points between runs; a missed category names what it missed.
import { chromium, type Browser, type Page } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { api, apiPath, providerPagePath, routes } from '../src/contract/paths.js';
import type { Record } from './servers.js';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A quiet browser: nothing of its own on the network, no GPU (none on a CI machine). */
const quietFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Headless Chromium as every browser scenario of the bench launches it. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: chromiumPath, args: quietFlags });

const budget = { fcpMs: 600, lcpMs: 1000, performance: 90, seo: 100, accessibility: 100 } as const;
const paintRuns = 3;
const cpuSlowdown = 4;

interface PublicPages {
  home: string;
  /** A listed provider's page and the name its heading must show. */
  provider: { path: string; name: string };
  categoryCity: string;
  login: string;
  /** A category title the catalogue on `/` shows. */
  categoryTitle: string;
}

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response;
}

/** The pages measured, taken from what the server lists: its top provider, its sitemap. */
export async function publicPages(origin: string): Promise<PublicPages> {
  const top = (await (await fetchOk(`${origin}${apiPath(api.topServiceProvider)}`)).json()) as {
    data: { name: string; slug: string }[];
  };
  const provider = top.data[0];
  if (!provider) throw new Error('no top provider to open a provider page for (is the database seeded?)');
  const catalogue = (await (await fetchOk(`${origin}${apiPath(api.serviceListing)}`)).json()) as {
    data: { title: string }[];
  };
  const categoryTitle = catalogue.data[0]?.title;
  if (!categoryTitle) throw new Error('the catalogue has no category');
  const sitemap = await (await fetchOk(`${origin}/sitemaps/pages.xml`)).text();
  const categoryCity = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((match) => new URL(match[1]!).pathname)
    .find((pathname) => pathname.startsWith('/services/'));
  if (!categoryCity) throw new Error('/sitemaps/pages.xml lists no /services/{category}/{city} page');
  return {
    home: routes.home,
    provider: { path: providerPagePath(provider.slug), name: provider.name },
    categoryCity,
    login: routes.userLogin,
    categoryTitle,
  };
}

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

/** First and largest contentful paint of one load of `url` in a fresh context, CPU slowed down. */
async function paintsOf(browser: Browser, url: string): Promise<{ fcp: number; lcp: number }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(url, { waitUntil: 'networkidle' });
    // Paint entries arrive a frame or more after the paint, so both are observed (buffered) rather
    // than read at once. The page's LCP is the last largest-contentful-paint entry: taken once none
    // has come for `settleMs` (an image that lands late makes one more).
    return await page.evaluate(
      ({ settleMs, timeoutMs }) =>
        new Promise<{ fcp: number; lcp: number }>((resolve, reject) => {
          let fcp: number | undefined;
          let lcp: number | undefined;
          let settled: ReturnType<typeof setTimeout> | undefined;
          // One observer with an inline callback: tsx wraps a named function (`const f = () => …`)
          // in a `__name` helper, which the page does not have.
          const observer = new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              if (entry.name === 'first-contentful-paint') fcp ??= entry.startTime;
              else if (entry.entryType === 'largest-contentful-paint') lcp = entry.startTime;
            }
            clearTimeout(settled);
            settled = setTimeout(() => {
              if (fcp !== undefined && lcp !== undefined) resolve({ fcp, lcp });
            }, settleMs);
          });
          observer.observe({ type: 'paint', buffered: true });
          observer.observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(
            () => reject(new Error(fcp === undefined ? 'no first-contentful-paint' : 'no largest-contentful-paint')),
            timeoutMs,
          );
        }),
      { settleMs: 1000, timeoutMs: 15_000 },
    );
  } finally {
    await context.close();
  }
}

/** A page's main content, looked for in `url` as served: what was found, or null. */
interface ContentCheck {
  label: string;
  url: string;
  look: (page: Page) => Promise<string | null>;
}

/**
 * FCP ≤ 600 ms and LCP ≤ 1000 ms (medians of 3 fresh loads, 4× CPU slowdown) for `/`, a provider's
 * page and /userlogin, and their main content present with JavaScript disabled.
 */
export async function paintBudgets(origin: string, record: Record): Promise<void> {
  const pages = await publicPages(origin);
  const browser = await launchChromium();
  try {
    for (const path of [pages.home, pages.provider.path, pages.login]) {
      const runs: { fcp: number; lcp: number }[] = [];
      for (let run = 0; run < paintRuns; run++) runs.push(await paintsOf(browser, `${origin}${path}`));
      for (const [metric, key, limit] of [
        ['FCP', 'fcp', budget.fcpMs],
        ['LCP', 'lcp', budget.lcpMs],
      ] as const) {
        const samples = runs.map((r) => r[key]);
        const value = median(samples);
        record(
          `${metric} of ${path} with ${cpuSlowdown}× CPU slowdown (median of ${paintRuns})`,
          `${value.toFixed(0)} ms (${samples.map((s) => s.toFixed(0)).join(', ')}) (budget ${limit} ms)`,
          value <= limit,
        );
      }
    }

    const checks: ContentCheck[] = [
      {
        label: `the catalogue on ${pages.home}`,
        url: pages.home,
        look: async (page) =>
          (await page.locator('body').innerText()).includes(pages.categoryTitle)
            ? `category "${pages.categoryTitle}" shown`
            : null,
      },
      {
        label: `the provider's name as the heading of ${pages.provider.path}`,
        url: pages.provider.path,
        look: async (page) =>
          (await page.locator('h1').allInnerTexts()).some((h1) => h1.includes(pages.provider.name))
            ? `h1 "${pages.provider.name}"`
            : null,
      },
      {
        label: `the sign-in form on ${pages.login}`,
        url: pages.login,
        look: async (page) =>
          (await page.locator('form input[type="tel"]').count()) > 0 ? 'form with the phone input' : null,
      },
    ];
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      for (const check of checks) {
        await page.goto(`${origin}${check.url}`, { waitUntil: 'load' });
        const found = await check.look(page);
        const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ').trim();
        record(
          `${check.label} without JavaScript`,
          found ??
            `missing; the page's text: ${text ? `"${text.slice(0, 80)}${text.length > 80 ? '…' : ''}"` : 'none'}`,
          found !== null,
        );
      }
    } finally {
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

const categories = [
  { id: 'performance', name: 'performance', min: budget.performance },
  { id: 'seo', name: 'SEO', min: budget.seo },
  { id: 'accessibility', name: 'accessibility', min: budget.accessibility },
] as const;
/** The metrics the performance score is made of, as Lighthouse names its audits. */
const performanceMetrics = [
  ['LCP', 'largest-contentful-paint'],
  ['FCP', 'first-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
] as const;

/**
 * Lighthouse's performance ≥ 90, SEO 100 and accessibility 100 (mobile preset, one run a page) for
 * `/`, a provider's page, a category-city page and /userlogin. A missed category's value names its
 * failing audits (and the performance metrics), so the line says what to fix.
 */
export async function lighthouseBudgets(origin: string, record: Record): Promise<void> {
  const pages = await publicPages(origin);
  // One page at a time (Lighthouse's simulated throttling assumes the machine is its own), each in
  // a browser of its own, as the Lighthouse command line does.
  for (const path of [pages.home, pages.provider.path, pages.categoryCity, pages.login]) {
    let lhr = await lighthouseRun(`${origin}${path}`);
    // A run Lighthouse could not complete (no usable trace, a load it lost track of) measured
    // nothing about the page: it gets one more try, and the line says so.
    let retried = '';
    if (lhr.runtimeError) {
      retried = ` (second run; the first ended in ${lhr.runtimeError.code})`;
      lhr = await lighthouseRun(`${origin}${path}`);
    }
    if (lhr.runtimeError) {
      record(`Lighthouse of ${path}`, `${lhr.runtimeError.message}${retried}`, false);
      continue;
    }
    for (const category of categories) {
      const scored = lhr.categories[category.id];
      const score = scored?.score == null ? null : Math.round(scored.score * 100);
      const ok = score !== null && score >= category.min;
      const why: string[] = [];
      if (category.id === 'performance')
        why.push(performanceMetrics.map(([name, id]) => `${name} ${lhr.audits[id]?.displayValue ?? '?'}`).join(', '));
      else if (!ok)
        for (const ref of scored?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
            // How many elements fail it, and the first of them, where the audit names elements.
            const items = (audit.details as { items?: { node?: { selector?: string } }[] } | undefined)?.items;
            const first = items?.[0]?.node?.selector;
            why.push(items?.length ? `${ref.id} (${items.length}${first ? `, first ${first}` : ''})` : ref.id);
          }
        }
      record(
        `Lighthouse ${category.name} of ${path} (mobile, one run)`,
        `${score ?? 'no score'} (budget ${category.min === 100 ? '100' : `≥ ${category.min}`})` +
          (why.length ? `: ${why.join(', ')}` : '') +
          retried,
        ok,
      );
    }
  }
}

/** One Lighthouse run of `url` in a fresh headless Chromium: its result. */
async function lighthouseRun(url: string): Promise<Result> {
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', ...quietFlags] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: categories.map((c) => c.id),
      logLevel: 'error',
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}
