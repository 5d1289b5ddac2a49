// Favourite providers. Web routes and API paths (relative to `/v1`).

export const routes = {
  favorites: '/Favorites',
} as const;

export const api = {
  favoriteListing: '/services/favoritelisting',
  checkFavorite: '/services/checkfavorite',
  addFavorite: '/services/addasfavorite',
  removeFavorite: '/services/removeasfavorite/:id',
} as const;
