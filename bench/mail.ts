// A mail server that takes 2 s to accept each message adds nothing to the booking request: mails
// leave after the commit, from the job queue, never inside a request. A built server on
// PostgreSQL, sending through one SMTP server, books free slots under `connections` concurrent
// customers in rounds: the SMTP server answers at once, then after 2 s, then after 2 s, then at once
// (a drift of the machine during the run weighs on both sides alike). Budget: the slow rounds' p99
// within +20 % (or +10 ms, whichever is more) of the fast rounds'; and mail must have reached the
// SMTP server, or the rounds measured nothing.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { bookingLoad, startBookingServer, type BookingServer } from './booking-load.js';
import { noPostgres, percentile, sleep, throwawayDatabase, type Record } from './servers.js';

/** Bookings measured with each kind of mail server. */
const bookingsPerKind = Number(process.env.BENCH_MAIL_BOOKINGS ?? 300);
const connections = Number(process.env.BENCH_MAIL_CONNECTIONS ?? 10);
const warmupBookings = 30;
const slowAnswerMs = 2000;
const rounds = ['fast', 'slow', 'slow', 'fast'] as const;

interface MailServer {
  url: string;
  /** How long the server waits before accepting a message; may change between messages. */
  delayMs: number;
  /** Messages accepted so far. */
  accepted: number;
  close(): Promise<void>;
}

/** An SMTP server on a free port that waits `delayMs` before accepting each message. */
async function mailServer(): Promise<MailServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () =>
        setTimeout(() => {
          mail.accepted++;
          callback();
        }, mail.delayMs),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const mail: MailServer = {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    delayMs: 0,
    accepted: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return mail;
}

export async function mailBudgets(serverEntry: string, port: number, record: Record) {
  const label = `booking p99 with a mail server that takes ${slowAnswerMs / 1000} s`;
  const database = await throwawayDatabase('mail');
  if (!database) {
    record(label, noPostgres(), false);
    return;
  }
  const smtp = await mailServer();
  let server: BookingServer | undefined;
  try {
    server = await startBookingServer(serverEntry, port, database.url, { SMTP_URL: smtp.url });
    const { base } = server;
    const total = warmupBookings + 2 * bookingsPerKind;
    const { slots, bookAll } = await bookingLoad(database.url, base, 'mail', total, connections);

    await bookAll(slots.slice(0, warmupBookings));
    // Each round books every 4th of the remaining slots: all rounds see the same providers and days.
    const measured = slots.slice(warmupBookings, total);
    const times = { fast: [] as number[], slow: [] as number[] };
    for (const [r, kind] of rounds.entries()) {
      smtp.delayMs = kind === 'slow' ? slowAnswerMs : 0;
      times[kind].push(...(await bookAll(measured.filter((_, i) => i % rounds.length === r))));
    }
    // Every mail has had its chance to leave: none at all means the bookings sent none.
    smtp.delayMs = 0;
    for (let waited = 0; smtp.accepted === 0 && waited < 10_000; waited += 100) await sleep(100);

    const fastP99 = percentile(times.fast, 0.99);
    const slowP99 = percentile(times.slow, 0.99);
    const allowed = fastP99 + Math.max(fastP99 * 0.2, 10);
    record(
      label,
      `p99 ${slowP99.toFixed(1)} ms (p50 ${percentile(times.slow, 0.5).toFixed(1)}) against ${fastP99.toFixed(1)} ms ` +
        `(p50 ${percentile(times.fast, 0.5).toFixed(1)}) with one that answers at once, ${bookingsPerKind} bookings each ` +
        `at ${connections} connections (budget ≤ ${allowed.toFixed(1)} ms); ${smtp.accepted} mails accepted` +
        (smtp.accepted === 0 ? ': the bookings sent no mail, so nothing was measured' : ''),
      slowP99 <= allowed && smtp.accepted > 0,
    );
  } finally {
    await server?.stop();
    await smtp.close();
    await database.drop();
  }
}
