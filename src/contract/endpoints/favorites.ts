// The favourite calls (paths/favorites.ts), typed by the schemas of favorites.ts.
import type { z } from 'zod';
import { getting, posting } from '../endpoint.js';
import type {
  favoriteCheck,
  favoriteCreated,
  favoriteItem,
  favoriteListingBody,
  favoritePairBody,
} from '../favorites.js';
import { api } from '../paths/favorites.js';

export const favoriteEndpoints = {
  check: posting<z.input<typeof favoritePairBody>, z.infer<typeof favoriteCheck>>(api.checkFavorite),
  add: posting<z.input<typeof favoritePairBody>, z.infer<typeof favoriteCreated>>(api.addFavorite),
  list: posting<z.input<typeof favoriteListingBody>, z.infer<typeof favoriteItem>[]>(api.favoriteListing),
  remove: getting<undefined>(api.removeFavorite),
};
