// Database chores from the command line, on the database the server would use
// (DATABASE_URL, or PGlite in DATA_DIR):
//   tsx src/server/db/cli.ts migrate   apply the migrations
//   tsx src/server/db/cli.ts seed      apply the migrations, then add the demonstration data
//                                      if the database is empty
//   tsx src/server/db/cli.ts add-admin <email>
//                                      apply the migrations, then add an administrator with the
//                                      password in ADMIN_PASSWORD (never on the command line,
//                                      where other users of the machine could read it)
import path from 'node:path';
import { z } from 'zod';
import { ConfigError, parseConfig } from '../config.js';
import { addAdmin } from '../modules/auth/auth.service.js';
import { loggableText } from '../errors.js';
import { createStorage } from '../platform/storage.js';
import { openDatabase, type Database } from './client.js';
import { demoCustomerPhone, demoProviderPhone, seed, type SeedSummary } from './seed.js';

const usage = 'Usage: tsx src/server/db/cli.ts <migrate|seed|add-admin EMAIL>';

function describe(summary: SeedSummary, ms: number): string {
  const b = summary.bookings;
  return [
    `Seeded the database in ${ms} ms:`,
    `  ${summary.categories} categories, ${summary.providers} active providers (+${summary.pendingProviders} awaiting activation), ${summary.customers} customers`,
    `  ${b.requested + b.accepted + b.completed + b.declined + b.cancelled} bookings (${b.requested} requested, ${b.accepted} accepted, ${b.completed} completed, ${b.declined} declined, ${b.cancelled} cancelled), ${summary.ratings} ratings`,
    `  ${summary.offers} offers, ${summary.banners} banners, ${summary.faqs} FAQs, terms and privacy`,
    `  ${summary.favorites} favorites, ${summary.messages} messages, ${summary.notifications} notifications, ${summary.tickets} tickets, ${summary.supportMessages} support messages, ${summary.referrals} referrals`,
    `  ${summary.deposits} deposits, ${summary.withdrawRequests} withdraw requests awaiting the admin, ${summary.images} images`,
    `Demo sign-in by phone code: customer ${demoCustomerPhone}, provider ${demoProviderPhone}.`,
  ].join('\n');
}

async function main(command: string | undefined, email: string | undefined): Promise<void> {
  if (command !== 'migrate' && command !== 'seed' && command !== 'add-admin') throw new UsageError(usage);
  const config = parseConfig(process.env);
  const newAdmin = command === 'add-admin' ? { email, password: config.ADMIN_PASSWORD } : undefined;
  if (newAdmin && !(z.email().safeParse(newAdmin.email).success && newAdmin.password))
    throw new UsageError(
      `${usage}\n  add-admin takes an email, and the password in ADMIN_PASSWORD (at least 8 characters).`,
    );
  const dataDir = path.resolve(config.DATA_DIR);
  const where = config.DATABASE_URL ? 'the PostgreSQL database at DATABASE_URL' : `PGlite in ${dataDir}`;
  const database: Database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir });
  try {
    // The seed runs under the migrations lock, as at server start, so it takes turns with a
    // server starting on the same database.
    await database.migrate(async () => {
      console.log(`Migrations applied to ${where}.`);
      if (newAdmin?.email && newAdmin.password) {
        const added = await addAdmin(database.db, newAdmin.email, newAdmin.password);
        console.log(added ? `Administrator ${email} added.` : `${email} already has an account: nothing was added.`);
        return;
      }
      if (command !== 'seed') return;
      const started = Date.now();
      const summary = await seed(database.db, await createStorage(config, database.db));
      console.log(
        summary ? describe(summary, Date.now() - started) : 'The database already has data: nothing was seeded.',
      );
    });
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

const command = process.argv[2];
main(command, process.argv[3]).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof ConfigError) console.error(error.message);
    // Without the values of a failed statement, as in the server's log.
    else console.error(`db ${command ?? ''} failed: ${loggableText(error)}`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
