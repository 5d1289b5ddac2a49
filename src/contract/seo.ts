// What a public page says about itself to search engines and link previews — its title and
// description — written here once, so the server's first answer and the page the browser renders
// carry the same words.
import { servedCities, type PortalCity } from './places.js';
import type { ProviderDetail } from './providers.js';

const brand = 'Doorstep';
const descriptionMax = 160;

export interface PageText {
  title: string;
  description: string;
}

/** 'a', 'a and b', 'a, b and c'. */
function listed(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function clipped(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= descriptionMax ? flat : `${flat.slice(0, descriptionMax - 1).trimEnd()}…`;
}

/** '4.8 stars from 12 reviews'; empty before the first review. */
export function ratingWords(rating: number, reviewCount: number): string {
  if (reviewCount === 0) return '';
  return `${rating.toFixed(1)} stars from ${reviewCount} ${reviewCount === 1 ? 'review' : 'reviews'}`;
}

/** "Priya Raman, Cleaning and Beauty in Austin · 4.8 stars from 12 reviews · Doorstep". */
export function providerPageText(
  provider: Pick<ProviderDetail, 'name' | 'services' | 'rating' | 'reviewCount' | 'about'> & { city: PortalCity },
): PageText {
  const services = listed(provider.services.map((s) => s.title));
  const city = servedCities[provider.city].label;
  const rating = ratingWords(provider.rating, provider.reviewCount);
  const what = services ? `${provider.name}, ${services} in ${city}` : `${provider.name} in ${city}`;
  const title = [what, rating, brand].filter(Boolean).join(' · ');
  const about = provider.about?.trim();
  const description = about
    ? clipped(about)
    : clipped(
        `Book ${provider.name}${services ? ` for ${services.toLowerCase()}` : ''} in ${city}: prices, reviews and free times on ${brand}.`,
      );
  return { title, description };
}

/** "Plumbing in Austin · Doorstep", with how many providers there are to choose from. */
export function categoryCityText(category: string, city: PortalCity, providers: number): PageText {
  const place = servedCities[city].label;
  const who = providers === 1 ? '1 provider' : `${providers} providers`;
  return {
    title: `${category} in ${place} · ${brand}`,
    description: clipped(
      `Compare ${who} of ${category.toLowerCase()} in ${place}: prices, ratings and free times. Book online on ${brand}.`,
    ),
  };
}
