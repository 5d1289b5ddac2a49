// The text search engines fetch: the app's page with a public page's own head (title,
// description, canonical URL, Open Graph, schema.org data), the sitemaps and robots.txt.
import { servedCities } from '../../../contract/places.js';
import { money } from '../../../contract/format.js';
import { categoryCityText, providerPageText, type PageText } from '../../../contract/seo.js';
import { categoryCityPath, providerPagePath } from '../../../contract/paths.js';
import type { CategoryCityPage, ProviderPage } from './seo.service.js';

export interface PageHead extends PageText {
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of the preview image, if there is one. */
  image: string | null;
  structuredData: Record<string, unknown>;
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c] ?? c);

/** Absolute, for a stored image path such as /uploads/…; null without one. */
const absolute = (origin: string, path: string | null) => (path ? new URL(path, origin).href : null);

export function providerHead(origin: string, page: ProviderPage): PageHead {
  const text = providerPageText(page);
  const url = origin + providerPagePath(page.slug);
  const image = absolute(origin, page.image);
  return {
    ...text,
    url,
    image,
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      '@id': url,
      name: page.name,
      url,
      ...(image ? { image } : {}),
      description: text.description,
      address: { '@type': 'PostalAddress', addressLocality: page.area },
      areaServed: { '@type': 'City', name: servedCities[page.city].label },
      priceRange: `from ${money(page.fromPrice.priceCents)}`,
      ...(page.reviewCount > 0
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: page.rating,
              reviewCount: page.reviewCount,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
      hasOfferCatalog: {
        '@type': 'OfferCatalog',
        name: 'Services',
        itemListElement: page.services.map((service) => ({
          '@type': 'Offer',
          itemOffered: { '@type': 'Service', name: service.title },
        })),
      },
    },
  };
}

export function categoryCityHead(origin: string, page: CategoryCityPage): PageHead {
  const text = categoryCityText(page.category.title, page.city, page.total);
  const url = origin + categoryCityPath(page.category.title, page.city);
  const first = page.providers.find((item) => item.user_id.image);
  return {
    ...text,
    url,
    image: absolute(origin, first?.user_id.image ?? null),
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'Service',
      '@id': url,
      serviceType: page.category.title,
      url,
      areaServed: { '@type': 'City', name: servedCities[page.city].label },
      provider: page.providers.map(({ user_id: card }) => ({
        '@type': 'LocalBusiness',
        name: card.name,
        ...(card.slug ? { url: origin + providerPagePath(card.slug) } : {}),
        ...(card.reviewCount > 0
          ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: card.rating, reviewCount: card.reviewCount } }
          : {}),
      })),
    },
  };
}

/**
 * The app's page with `head` in place of its own title and description. JSON in a script element
 * ends at the first `</script`, so `<` is written as its escape.
 */
export function pageWithHead(indexHtml: string, head: PageHead): string {
  const tags = [
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Doorstep" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(head.url)}" />`,
    ...(head.image ? [`<meta property="og:image" content="${escapeHtml(head.image)}" />`] : []),
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    `<script type="application/ld+json">${JSON.stringify(head.structuredData).replace(/</g, '\\u003c')}</script>`,
  ];
  return (
    withoutHeadText(indexHtml)
      // Replacer functions: a `$'` or `` $` `` in a name must not be read as a replacement pattern.
      .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
      .replace('</head>', () => `${tags.join('\n    ')}\n  </head>`)
  );
}

/** The app's page without its own description (a public page brings its own). */
function withoutHeadText(indexHtml: string): string {
  return indexHtml.replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/, '');
}

const escapeXml = escapeHtml;

/** A sitemap of `paths` under `origin`. */
export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The sitemap index naming each sitemap file. */
export function sitemapIndexXml(origin: string, files: readonly string[]): string {
  const entries = files.map((file) => `  <sitemap><loc>${escapeXml(origin + file)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/**
 * Crawlers may read every public page; the API and the signed-in workspaces are no pages to
 * index (the provider portal is /provider and below; /providers/… are public).
 */
export function robotsTxt(origin: string, privatePrefixes: readonly string[]): string {
  return [
    'User-agent: *',
    ...privatePrefixes.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
