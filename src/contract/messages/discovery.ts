// Finding providers by place, price, rating and free time: the filters of /Search and
// /Services_booking, the cards' distance and next free slot, the search box's suggestions and the
// service area of a provider. Our wording.

export const discoveryText = {
  // The filter panel
  filters: 'Filters',
  filtersWithCount: (count: number) => (count === 0 ? 'Filters' : `Filters (${count})`),
  clearFilters: 'Clear filters',
  location: 'Location',
  changeLocation: 'Change',
  anywhere: 'Anywhere',
  category: 'Service',
  allCategories: 'All services',
  distance: 'Distance',
  anyDistance: 'Any distance',
  /** A search radius, as `radius` writes it: `Within 10 mi`. */
  within: (radius: string) => `Within ${radius}`,
  distanceNeedsLocation: 'Choose a location to filter and sort by distance.',
  price: 'Price (dollars)',
  minPrice: 'Lowest price',
  maxPrice: 'Highest price',
  minPricePlaceholder: 'Min',
  maxPricePlaceholder: 'Max',
  priceRangeInvalid: 'The lowest price cannot be above the highest.',
  rating: 'Rating',
  anyRating: 'Any rating',
  ratingAtLeast: (stars: number) => `${stars}+ stars`,
  availableOn: 'Available on',
  anyDay: 'Any day',
  sort: 'Sort by',
  sorts: {
    match: 'Best match',
    rating: 'Rating',
    price: 'Price: low to high',
    distance: 'Distance',
  },
  // The summary above the cards
  resultCount: (total: number, more = false) =>
    more
      ? `${total.toLocaleString('en-US')}+ providers`
      : total === 1
        ? '1 provider'
        : `${total.toLocaleString('en-US')} providers`,
  nearLabel: (label: string) => `near ${label}`,
  noMatch: 'No provider matches these filters. Try a wider distance, another day or fewer filters.',
  // Cards
  /** As `distance` writes it: `2.1 mi away`. */
  away: (distance: string) => `${distance} away`,
  nextFreeSlot: 'Next free slot',
  freeOn: 'Free on',
  today: 'Today',
  tomorrow: 'Tomorrow',
  noSlot: 'No free slot in the next 2 weeks',
  noSlotThatDay: 'No free slot that day',
  // The search box's suggestions
  suggestions: 'Suggestions',
  suggestionKinds: { category: 'Service', provider: 'Provider' },
  // Public pages: a provider's (/providers/…) and a category's in a city (/services/…/…)
  categoryInCity: (category: string, city: string) => `${category} in ${city}`,
  categoryInCityLead: (category: string, city: string) =>
    `Providers of ${category.toLowerCase()} based in ${city}, best rated first. Compare prices and reviews, then book a free time.`,
  noProvidersInCity: 'No provider offers this service in this city yet.',
  otherCities: 'In other cities',
  otherServices: (city: string) => `More services in ${city}`,
  moreInCity: (category: string, city: string) => `More ${category.toLowerCase()} in ${city}`,
  allProvidersOf: (category: string) => `All providers of ${category.toLowerCase()}`,
  // A provider's service area (portal and admin)
  serviceArea: 'Service area',
  serviceAreaFrom: (radius: string) => `${radius} from their address`,
  serviceAreaHint: 'How far you travel for a job, from 1 to 50 miles.',
} as const;
