// A member's saved addresses: listed, added (at most `savedAddressLimits.perMember`) and deleted
// by their owner only; another member's id is not found.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  addressWithUnit,
  savedAddressForm,
  savedAddressLimits,
  type SavedAddress,
} from '../../../contract/addresses.js';
import { savedAddressText as t } from '../../../contract/messages.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { memberAddresses, users } from '../../db/schema.js';
import { conflict, isUniqueViolation, notFound } from '../../errors.js';
import { containsPattern } from '../../platform/listing.js';

const columns = {
  _id: memberAddresses.id,
  line: memberAddresses.line,
  unit: memberAddresses.unit,
  label: memberAddresses.label,
  createdAt: memberAddresses.createdAt,
};

const toSaved = (row: { _id: string; line: string; unit: string; label: SavedAddress['label']; createdAt: Date }) => ({
  ...row,
  address: addressWithUnit(row.line, row.unit),
  createdAt: row.createdAt.toISOString(),
});

/** The member's addresses, newest first (a handful: no paging). */
export async function listSavedAddresses(db: Db, memberId: string): Promise<SavedAddress[]> {
  const rows = await db
    .select(columns)
    .from(memberAddresses)
    .where(eq(memberAddresses.memberId, memberId))
    .orderBy(desc(memberAddresses.createdAt), desc(memberAddresses.id))
    .limit(savedAddressLimits.perMember);
  return rows.map(toSaved);
}

/** Adds an address; the same line and unit again, or one more than the limit, is a 409. */
export async function addSavedAddress(
  db: Db,
  memberId: string,
  body: z.output<typeof savedAddressForm>,
): Promise<SavedAddress> {
  try {
    return await db.transaction(async (tx) => {
      // The member's row locked: two adds at once cannot both pass the count.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, memberId)).for('update');
      const [kept] = await tx
        .select({ n: count() })
        .from(memberAddresses)
        .where(eq(memberAddresses.memberId, memberId));
      if ((kept?.n ?? 0) >= savedAddressLimits.perMember) throw conflict(t.tooMany(savedAddressLimits.perMember));
      const [row] = await tx
        .insert(memberAddresses)
        .values({ memberId, line: body.line, unit: body.unit, label: body.label })
        .returning(columns);
      if (!row) throw new Error('The saved address was not inserted');
      return toSaved(row);
    });
  } catch (error) {
    // The same line and unit again: the unique index says so.
    if (isUniqueViolation(error)) throw conflict(t.duplicate, { line: t.duplicate });
    throw error;
  }
}

/** Deletes one of the member's addresses; any other id is not found. */
export async function deleteSavedAddress(db: Db, memberId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(memberAddresses)
    .where(and(eq(memberAddresses.id, id), eq(memberAddresses.memberId, memberId)))
    .returning({ id: memberAddresses.id });
  if (deleted.length === 0) throw notFound(t.notFound);
}

/** The member's addresses containing `q` (line or unit), newest first, as bookings hold them. */
export async function savedAddressesMatching(db: Db, memberId: string, q: string, limit: number): Promise<string[]> {
  const pattern = containsPattern(q);
  const rows = await db
    .select({ line: memberAddresses.line, unit: memberAddresses.unit })
    .from(memberAddresses)
    .where(
      and(
        eq(memberAddresses.memberId, memberId),
        sql`(${memberAddresses.line} ilike ${pattern} or ${memberAddresses.unit} ilike ${pattern})`,
      ),
    )
    .orderBy(desc(memberAddresses.createdAt), desc(memberAddresses.id))
    .limit(limit);
  return rows.map((row) => addressWithUnit(row.line, row.unit));
}
