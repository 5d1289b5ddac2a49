// A member's favourite providers (/Favorites, Favourite). One row per member
// and provider: the unique index decides a race between two adds.
import { and, count, desc, eq } from 'drizzle-orm';
import type { PageQuery } from '../../../contract/common.js';
import type { FavoriteCheck, FavoriteItem } from '../../../contract/favorites.js';
import { favoriteText, notice } from '../../../contract/messages.js';
import type { Db } from '../../db/client.js';
import { offsetOf, pageOf, totalOver, type Page } from '../../platform/listing.js';
import { favorites, providerProfiles, users } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import {
  cardColumns,
  isListedProvider,
  streetAddressesFor,
  toCard,
  type Viewer,
} from '../providers/providers.service.js';

export async function checkFavorite(db: Db, likedBy: string, likedTo: string): Promise<FavoriteCheck> {
  const [row] = await db
    .select({ id: favorites.id })
    .from(favorites)
    .where(and(eq(favorites.likedBy, likedBy), eq(favorites.likedTo, likedTo)))
    .limit(1);
  return { isFavorite: Boolean(row), _id: row?.id ?? null };
}

/** Adds a listed provider to the member's favourites; a second time is a 409. */
export async function addFavorite(db: Db, likedBy: string, likedTo: string): Promise<{ _id: string }> {
  if (likedBy === likedTo) throw badRequest(favoriteText.notYourself);
  if (!(await isListedProvider(db, likedTo))) throw notFound(favoriteText.providerNotFound);
  const [row] = await db
    .insert(favorites)
    .values({ likedBy, likedTo })
    .onConflictDoNothing()
    .returning({ id: favorites.id });
  if (!row) throw conflict(notice.alreadyFavorite);
  return { _id: row.id };
}

/**
 * The member's favourites, newest first; providers no longer listed are left out. A card shows
 * the street address only where the member is entitled to it (`streetAddressesFor`).
 */
export async function listFavorites(
  db: Db,
  member: NonNullable<Viewer>,
  query: PageQuery,
): Promise<Page<FavoriteItem>> {
  const likedBy = member.id;
  const where = and(eq(favorites.likedBy, likedBy), eq(providerProfiles.listed, true));
  const rows = await db
    .select({ favoriteId: favorites.id, likedBy: favorites.likedBy, ...cardColumns, total: totalOver() })
    .from(favorites)
    .innerJoin(users, eq(users.id, favorites.likedTo))
    .innerJoin(providerProfiles, eq(providerProfiles.userId, favorites.likedTo))
    .where(where)
    .orderBy(desc(favorites.createdAt), desc(favorites.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const page = await pageOf(rows, query, async () => {
    const [row] = await db
      .select({ n: count() })
      .from(favorites)
      .innerJoin(providerProfiles, eq(providerProfiles.userId, favorites.likedTo))
      .where(where);
    return row?.n ?? 0;
  });
  const streetShown = await streetAddressesFor(
    db,
    member,
    page.items.map((row) => row._id),
  );
  return {
    meta: page.meta,
    items: page.items.map(({ favoriteId, likedBy: by, ...card }) => ({
      _id: favoriteId,
      liked_by: by,
      liked_to: toCard(card, streetShown.has(card._id)),
    })),
  };
}

/** Removes one of the caller's own favourites: another member's is a 403, an unknown id a 404. */
export async function removeFavorite(db: Db, callerId: string, favoriteId: string): Promise<void> {
  const [row] = await db
    .select({ likedBy: favorites.likedBy })
    .from(favorites)
    .where(eq(favorites.id, favoriteId))
    .limit(1);
  if (!row) throw notFound(favoriteText.favoriteNotFound);
  if (row.likedBy !== callerId) throw forbidden();
  await db.delete(favorites).where(and(eq(favorites.id, favoriteId), eq(favorites.likedBy, callerId)));
}
