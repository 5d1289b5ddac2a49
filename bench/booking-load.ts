// Booking free slots through the API as many customers at once, for the scenarios that measure
// what a booking request costs (mail.ts, bookings.ts).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, apiPath, fill } from '../src/contract/paths.js';
import { insertMembers, type Member } from './members.js';
import { clientAddress, inBatches, startServer, stopServer, waitFor } from './servers.js';

/** Bench providers work 09:00–18:00 in one-hour slots without buffer (members.ts). */
export const slotsPerDay = 9;
export const daysAhead = [2, 3, 4];
/** Below the per-member booking limit (30 an hour) with room to spare. */
export const bookingsPerCustomer = 20;

/** The date `days` from today where the bench providers work (America/Chicago), `YYYY-MM-DD`. */
const localDate = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(Date.now() + days * 86_400_000));

export interface Slot {
  provider: Member;
  date: string;
  time: string;
}

/** Every free slot of `providers` on the bench days, spread so that neighbours are other providers. */
export async function freeSlots(base: string, providers: Member[], connections: number): Promise<Slot[]> {
  const days = daysAhead.map(localDate);
  const lists = await inBatches(
    providers.flatMap((provider) => days.map((date) => ({ provider, date }))),
    connections,
    async ({ provider, date }) => {
      const response = await fetch(
        `${base}${apiPath(fill(api.availableSlots, { providerId: provider.id }))}?date=${date}`,
      );
      const body = (await response.json()) as { data?: string[] };
      if (!response.ok || !body.data) throw new Error(`available slots: ${response.status}`);
      return body.data.map((time) => ({ provider, date, time }));
    },
  );
  // Bookings of one provider and day take turns (a lock): not what is measured here.
  return lists.flat().sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time));
}

/** Books `slot` as `customer` (the `index`th client); answers the request's time in ms. */
export async function book(base: string, customer: Member, index: number, slot: Slot): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}${apiPath(api.addBooking)}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${customer.token}`,
      'content-type': 'application/json',
      'x-forwarded-for': clientAddress(index),
    },
    body: JSON.stringify({
      date: slot.date,
      time: slot.time,
      phone: customer.phone,
      address: '1 Bench street, Austin',
      description: 'Bench booking',
      bookedby: customer.id,
      bookedto: slot.provider.id,
    }),
  });
  const body = (await response.json()) as { message?: string };
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`addbooking: ${response.status} ${body.message ?? ''}`);
  return elapsed;
}

/** Free slots to book and a way to book them, for a scenario's rounds. */
export interface BookingLoad {
  /** Free slots of the bench providers, `total` of them at least. */
  slots: Slot[];
  /** Books `part` at `connections` at a time, each customer in turn; answers the requests' times. */
  bookAll(part: Slot[]): Promise<number[]>;
}

/** Enough providers and customers (named after `label`) for `total` bookings, and their free slots. */
export async function bookingLoad(
  databaseUrl: string,
  base: string,
  label: string,
  total: number,
  connections: number,
): Promise<BookingLoad> {
  const providers = await insertMembers(
    databaseUrl,
    `${label}-provider`,
    Math.ceil(total / (slotsPerDay * daysAhead.length)) + 1,
    'provider',
  );
  const customers = await insertMembers(
    databaseUrl,
    `${label}-customer`,
    Math.ceil(total / bookingsPerCustomer),
    'customer',
  );
  const slots = await freeSlots(base, providers, connections);
  if (slots.length < total) throw new Error(`only ${slots.length} free slots for ${total} bookings`);
  let booked = 0;
  return {
    slots,
    bookAll: (part) =>
      inBatches(part, connections, (slot) => {
        const n = booked++ % customers.length;
        return book(base, customers[n]!, n, slot);
      }),
  };
}

/** A built server for booking: its address, and `stop` to end it and remove its files. */
export interface BookingServer {
  server: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

/**
 * A built server on `databaseUrl` without the seed, answering on `port`, with `env` added; each
 * customer books from an address of its own (`clientAddress`). Resolves once it answers.
 */
export async function startBookingServer(
  serverEntry: string,
  port: number,
  databaseUrl: string,
  env: NodeJS.ProcessEnv = {},
): Promise<BookingServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-bench-booking-'));
  const server = startServer(serverEntry, port, {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SEED: '0',
    TRUST_PROXY: '1',
    ...env,
  });
  const stop = async () => {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}${apiPath(api.health)}`, 60_000, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { server, base, stop };
}
