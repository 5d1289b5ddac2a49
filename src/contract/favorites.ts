// A member's favourite providers (/Favorites).
import { z } from 'zod';
import { providerCard } from './catalogue.js';
import { favoriteText as t } from './messages.js';

const likedBy = z.uuid({ error: t.likedByInvalid });
const likedTo = z.uuid({ error: t.likedToInvalid });

/** checkfavorite and addasfavorite: who likes (must be the caller) and which provider. */
export const favoritePairBody = z.object({ liked_by: likedBy, liked_to: likedTo });
export type FavoritePairBody = z.infer<typeof favoritePairBody>;

/** favoritelisting: whose list (must be the caller); the page is in the query. */
export const favoriteListingBody = z.object({ liked_by: likedBy });

export const favoriteCheck = z.object({ isFavorite: z.boolean(), _id: z.uuid().nullable() });
export type FavoriteCheck = z.infer<typeof favoriteCheck>;

export const favoriteCreated = z.object({ _id: z.uuid() });

export const favoriteItem = z.object({ _id: z.uuid(), liked_by: z.uuid(), liked_to: providerCard });
export type FavoriteItem = z.infer<typeof favoriteItem>;

export const favoriteIdParam = z.object({ id: z.uuid({ error: t.favoriteIdInvalid }) });
