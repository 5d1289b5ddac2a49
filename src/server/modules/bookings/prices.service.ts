// A provider's price list: a price, a unit and a duration per offered service. A service without
// its own line is priced at the provider's charges per visit and its slot length, as booking
// prices it (bookings.payment.ts `quote`).
import { and, asc, eq, isNull } from 'drizzle-orm';
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
