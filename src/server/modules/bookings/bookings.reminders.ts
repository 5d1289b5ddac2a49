// Reminders of accepted jobs: 24 hours and 2 hours before, to the customer and the provider, in
// the app and by mail (with a calendar invitation) and text where they have them. A sweep runs
// every minute; every notice and message carries a key, so a second sweep, or two instances
// sweeping at once, send each reminder once.
import { createEvent } from 'ics';
import { and, between, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { clockTime, noticeDate, shiftDay } from '../../../contract/format.js';
import { reminderText } from '../../../contract/messages.js';
import type { Notice } from '../../../contract/notifications.js';
import { routes } from '../../../contract/paths.js';
import type { Db, Tx } from '../../db/client.js';
import { bookings, notifications, users } from '../../db/schema.js';
import { enqueueMessage } from '../../platform/delivery.js';
import { renderMail } from '../../platform/mail-layout.js';
import { verifiedEmail, verifiedPhone } from '../members/members.service.js';
import { insertNotificationOnce, type NotificationRow } from '../notifications/notifications.service.js';
import { eventUid } from './bookings.calendar.js';
import { slotStartsAt } from './bookings.reads.js';

export type ReminderStage = '24h' | '2h';

/** Names a reminder's notice (and, with a suffix, its mail and text) once. */
const reminderKey = (stage: ReminderStage, bookingId: string, userId: string) =>
  `reminder:${stage}:${bookingId}:${userId}`;

const hour = 3_600_000;

interface DueJob {
  id: string;
  date: string;
  time: string;
  address: string;
  description: string;
  startsAt: Date;
  customerId: string;
  customerName: string;
  customerEmail: string | null;
  customerPhone: string | null;
  providerId: string;
  providerName: string;
  providerEmail: string | null;
  providerPhone: string | null;
}

interface Recipient {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  notice: Notice;
  other: string;
  /** The page of the app where the recipient sees the job. */
  path: string;
}

export interface ReminderOptions {
  publicUrl?: string;
  /** The address mails come from, named as the invitation's organiser. */
  mailFrom: string;
}

/**
 * Writes the reminders due at `now`: for a job starting within 2 hours the 2-hour one, else
 * within 24 hours the 24-hour one. Answers the notices written (each sent live with its transaction).
 */
export async function remindDue(db: Db, now: Date, options: ReminderOptions): Promise<NotificationRow[]> {
  const customer = alias(users, 'customer');
  const provider = alias(users, 'provider');
  // The date bounds (a day either side of UTC's) let the index on accepted dates narrow the rows
  // before each one's start is computed.
  const today = now.toISOString().slice(0, 10);
  const stage = sql<ReminderStage>`case when ${slotStartsAt} <= ${new Date(now.getTime() + 2 * hour).toISOString()}::timestamptz then '2h' else '24h' end`;
  const due = await db
    .select({
      id: bookings.id,
      date: bookings.date,
      time: bookings.time,
      address: bookings.address,
      description: bookings.description,
      startsAt: slotStartsAt.mapWith((value: string | Date) => new Date(value)),
      stage,
      customerId: customer.id,
      customerName: customer.name,
      customerEmail: verifiedEmail(customer),
      customerPhone: verifiedPhone(customer),
      providerId: provider.id,
      providerName: provider.name,
      providerEmail: verifiedEmail(provider),
      providerPhone: verifiedPhone(provider),
    })
    .from(bookings)
    .innerJoin(customer, eq(customer.id, bookings.customerId))
    .innerJoin(provider, eq(provider.id, bookings.providerId))
    .where(
      and(
        eq(bookings.status, 'accepted'),
        between(bookings.date, shiftDay(today, -1), shiftDay(today, 2)),
        sql`${slotStartsAt} > ${now.toISOString()}::timestamptz`,
        sql`${slotStartsAt} <= ${new Date(now.getTime() + 24 * hour).toISOString()}::timestamptz`,
        // Not yet reminded at this stage: both sides' notices are written together, so the
        // customer's key stands for both (the format of reminderKey).
        sql`not exists (select 1 from ${notifications} where ${notifications.key} =
          concat('reminder:', ${stage}, ':', ${bookings.id}, ':', ${bookings.customerId}))`,
      ),
    );
  const written: NotificationRow[] = [];
  for (const job of due) {
    const { startsAt, stage } = job;
    const at = { bookingId: job.id, date: job.date, time: job.time, stage };
    const recipients: Recipient[] = [
      {
        id: job.customerId,
        name: job.customerName,
        email: job.customerEmail,
        phone: job.customerPhone,
        notice: { notice: 'bookingReminder', ...at, provider: job.providerName },
        other: job.providerName,
        path: routes.ongoing,
      },
      {
        id: job.providerId,
        name: job.providerName,
        email: job.providerEmail,
        phone: job.providerPhone,
        notice: { notice: 'jobReminder', ...at, customer: job.customerName },
        other: job.customerName,
        path: routes.providerJobs,
      },
    ];
    await db.transaction(async (tx) => {
      for (const recipient of recipients) {
        const row = await remind(tx, job, stage, recipient, startsAt, options);
        if (row) written.push(row);
      }
    });
  }
  return written;
}

async function remind(
  tx: Tx,
  job: DueJob,
  stage: ReminderStage,
  recipient: Recipient,
  startsAt: Date,
  options: ReminderOptions,
): Promise<NotificationRow | undefined> {
  const key = reminderKey(stage, job.id, recipient.id);
  const row = await insertNotificationOnce(tx, key, recipient.id, recipient.notice);
  // Written before: this reminder went out already, with its mail and text.
  if (!row) return undefined;
  if (recipient.phone) {
    await enqueueMessage(tx, { channel: 'sms', to: recipient.phone, body: row.message, key: `${key}:sms` });
  }
  if (recipient.email) {
    const mail = renderMail({
      heading: reminderText.mailHeading,
      paragraphs: [row.message],
      action: { label: reminderText.openBookings, path: recipient.path },
      publicUrl: options.publicUrl,
    });
    await enqueueMessage(tx, {
      channel: 'email',
      to: recipient.email,
      subject: reminderText.mailSubject(noticeDate(job.date), clockTime(job.time)),
      body: mail.text,
      html: mail.html,
      ics: invitation(job, recipient, startsAt, options),
      key: `${key}:email`,
    });
  }
  return row;
}

/**
 * The job as an iCalendar REQUEST: Google Calendar, Outlook and Apple Calendar offer to add an
 * invitation that has an organiser, an attendee and a stable UID (the same event for both
 * reminders, so the second updates the first instead of adding a copy).
 */
export function invitation(
  job: Pick<DueJob, 'id' | 'address' | 'description'>,
  recipient: Pick<Recipient, 'name' | 'email' | 'other'>,
  startsAt: Date,
  options: ReminderOptions,
): string {
  const organizer = mailAddress(options.mailFrom);
  const { error, value } = createEvent({
    uid: eventUid(job.id),
    method: 'REQUEST',
    start: startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { hours: 1 },
    title: reminderText.eventTitle(recipient.other),
    description: reminderText.eventDescription(job.description),
    location: job.address,
    status: 'CONFIRMED',
    organizer: { name: 'Doorstep', email: organizer },
    attendees: [{ name: recipient.name, email: recipient.email ?? undefined, rsvp: false, partstat: 'ACCEPTED' }],
    productId: 'doorstep/reminders',
  });
  if (error || !value) throw error ?? new Error('The calendar invitation could not be written');
  return value;
}

/** `Doorstep <no-reply@…>` → `no-reply@…`. */
const mailAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;
