// What the catalogue offers other features: the category, offer and top-provider sections, the
// pieces of a provider card, and the categories query.
export { useCategories } from './api.js';
export { CategoryCards, CategoryGrid } from './CategoryGrid.js';
export { OfferList } from './OfferList.js';
export { CardImage, ProviderCards, RatingLine } from './ProviderCards.js';
