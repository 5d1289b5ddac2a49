// A provider's price list: a price, a unit and a duration per offered service. A service without
// its own line is priced at the provider's charges per visit and its slot length, as booking
// prices it (bookings.payment.ts `quote`).
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ProviderCard } from '../../../contract/catalogue.js';
import type { PriceItem, PricesBody } from '../../../contract/checkout.js';
import { checkoutText as t } from '../../../contract/messages.js';
import type { Db, Queryable } from '../../db/client.js';
import { categories, providerPrices, providerProfiles, providerServices } from '../../db/schema.js';
import { badRequest, notFound, pgErrorCode } from '../../errors.js';

/**
 * The list of every offered service (not archived), by title, as `reader` may see it: the public
 * only a listed provider's (404 otherwise), the provider its own (empty before its profile
 * exists), an admin any provider's with a profile (404 otherwise).
 */
export async function priceList(
  db: Queryable,
  providerId: string,
  reader: 'public' | 'own' | 'admin',
): Promise<PriceItem[]> {
  const [profile] = await db
    .select({
      chargesCents: providerProfiles.chargesCents,
      slotMinutes: providerProfiles.slotMinutes,
      listed: providerProfiles.listed,
    })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, providerId));
  if (!profile && reader === 'own') return [];
  if (!profile || (reader === 'public' && !profile.listed)) throw notFound();
  const rows = await db
    .select({
      serviceId: categories.id,
      title: categories.title,
      priceCents: providerPrices.priceCents,
      unit: providerPrices.unit,
      durationMinutes: providerPrices.durationMinutes,
    })
    .from(providerServices)
    .innerJoin(categories, eq(categories.id, providerServices.categoryId))
    .leftJoin(
      providerPrices,
      and(eq(providerPrices.providerId, providerServices.providerId), eq(providerPrices.categoryId, categories.id)),
    )
    .where(and(eq(providerServices.providerId, providerId), isNull(categories.archivedAt)))
    .orderBy(asc(categories.title));
  return rows.map((row) => ({
    serviceId: row.serviceId,
    title: row.title,
    priceCents: row.priceCents ?? profile.chargesCents,
    unit: row.unit ?? 'visit',
    durationMinutes: row.durationMinutes ?? profile.slotMinutes,
  }));
}

/** Replaces the provider's whole list; a service it does not offer is refused (400) and nothing changes. */
export async function savePrices(db: Db, providerId: string, body: PricesBody): Promise<PriceItem[]> {
  try {
    await db.transaction(async (tx) => {
      // One replacement at a time per provider: two at once would both delete, then insert the
      // same lines (a duplicate key).
      await tx
        .select({ id: providerProfiles.userId })
        .from(providerProfiles)
        .where(eq(providerProfiles.userId, providerId))
        .for('update');
      await tx.delete(providerPrices).where(eq(providerPrices.providerId, providerId));
      if (body.prices.length)
        await tx
          .insert(providerPrices)
          .values(body.prices.map((line) => ({ providerId, categoryId: line.serviceId, ...line })));
    });
  } catch (error) {
    // provider_prices_service_fk: the service is not one of the provider's.
    if (pgErrorCode(error) === '23503') throw badRequest(t.serviceNotInProfile, { prices: t.serviceNotInProfile });
    throw error;
  }
  return priceList(db, providerId, 'own');
}

// ---------------------------------------------------------------- the "from" price and the main service

/** A service's price as booking reads it: its own line, else the charges per visit (bookings.payment.ts `quote`). */
const linePrice = sql`coalesce(${providerPrices.priceCents}, ${providerProfiles.chargesCents})`;
const lineUnit = sql`coalesce(${providerPrices.unit}, 'visit')`;

/**
 * The provider's cheapest line among the services it offers (not archived), per visit before per
 * hour at the same figure; its charges per visit when it offers none. One lookup by the provider's
 * key per card, so it costs a page of cards, never the table.
 */
export const fromPrice = sql<ProviderCard['fromPrice']>`coalesce((
    select json_build_object('priceCents', ${linePrice}, 'unit', ${lineUnit})
    from ${providerServices}
    inner join ${categories} on ${categories.id} = ${providerServices.categoryId} and ${categories.archivedAt} is null
    left join ${providerPrices} on ${providerPrices.providerId} = ${providerServices.providerId}
      and ${providerPrices.categoryId} = ${providerServices.categoryId}
    where ${providerServices.providerId} = ${providerProfiles.userId}
    order by ${linePrice}, ${lineUnit} desc
    limit 1
  ), json_build_object('priceCents', ${providerProfiles.chargesCents}, 'unit', 'visit'))`.mapWith((value: unknown) =>
  typeof value === 'string' ? (JSON.parse(value) as ProviderCard['fromPrice']) : (value as ProviderCard['fromPrice']),
);

/**
 * The service a booking that names none is for: the one whose line the card's "from" price shows
 * (the same order as `fromPrice`); null when the provider offers no open service.
 */
export async function mainService(db: Queryable, providerId: string): Promise<{ _id: string; title: string } | null> {
  const [row] = await db
    .select({ _id: categories.id, title: categories.title })
    .from(providerServices)
    .innerJoin(categories, and(eq(categories.id, providerServices.categoryId), isNull(categories.archivedAt)))
    .innerJoin(providerProfiles, eq(providerProfiles.userId, providerServices.providerId))
    .leftJoin(
      providerPrices,
      and(
        eq(providerPrices.providerId, providerServices.providerId),
        eq(providerPrices.categoryId, providerServices.categoryId),
      ),
    )
    .where(eq(providerServices.providerId, providerId))
    .orderBy(linePrice, sql`${lineUnit} desc`, categories.id)
    .limit(1);
  return row ?? null;
}
