// Reminders of accepted jobs: 24 hours and 2 hours before, to the customer and the provider, in
// the app and by mail (with a calendar invitation) and text where they have them. A sweep runs
// every minute; every notice and message carries a key, so a second sweep, or two instances
// sweeping at once, send each reminder once.
import { createEvent } from 'ics';
import { sql } from 'drizzle-orm';
import { noticeDate } from '../../../contract/bookings.js';
import { reminderText } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { execute, type Db, type Tx } from '../../db/client.js';
import { bookings, users } from '../../db/schema.js';
import { enqueueMessage } from '../../platform/delivery.js';
import { renderMail } from '../../platform/mail-layout.js';
import { insertNotificationOnce, type NotificationRow } from '../notifications/notifications.service.js';

export type ReminderStage = '24h' | '2h';

const hour = 3_600_000;

interface DueJob extends Record<string, unknown> {
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
  notice: string;
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
 * within 24 hours the 24-hour one. Answers the notices written, to publish after the commit.
 */
export async function remindDue(db: Db, now: Date, options: ReminderOptions): Promise<NotificationRow[]> {
  // The date bounds let the index on (status, date) narrow the rows before the exact start is computed.
  const due = await execute<DueJob>(
    db,
    sql`select b.id, b.date::text as date, b.time, b.address, b.description,
          (b.date + b.time::time) at time zone b.time_zone as "startsAt",
          c.id as "customerId", c.name as "customerName",
          case when c.email_verified_at is not null then c.email end as "customerEmail",
          case when c.phone_verified_at is not null then c.phone end as "customerPhone",
          p.id as "providerId", p.name as "providerName",
          case when p.email_verified_at is not null then p.email end as "providerEmail",
          case when p.phone_verified_at is not null then p.phone end as "providerPhone"
        from ${bookings} b
        join ${users} c on c.id = b.customer_id
        join ${users} p on p.id = b.provider_id
        where b.status = 'accepted'
          and b.date between (${now}::timestamptz at time zone 'UTC')::date - 1
                         and (${now}::timestamptz at time zone 'UTC')::date + 2
          and (b.date + b.time::time) at time zone b.time_zone > ${now}
          and (b.date + b.time::time) at time zone b.time_zone <= ${new Date(now.getTime() + 24 * hour)}`,
  );
  const written: NotificationRow[] = [];
  for (const job of due) {
    const startsAt = new Date(job.startsAt);
    const stage: ReminderStage = startsAt.getTime() - now.getTime() <= 2 * hour ? '2h' : '24h';
    const lead = reminderText.lead[stage];
    const date = noticeDate(job.date);
    const recipients: Recipient[] = [
      {
        id: job.customerId,
        name: job.customerName,
        email: job.customerEmail,
        phone: job.customerPhone,
        notice: reminderText.customerNotice(lead, job.providerName, date, job.time),
        other: job.providerName,
        path: routes.ongoing,
      },
      {
        id: job.providerId,
        name: job.providerName,
        email: job.providerEmail,
        phone: job.providerPhone,
        notice: reminderText.providerNotice(lead, job.customerName, date, job.time, job.address),
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
  const key = `reminder:${stage}:${job.id}:${recipient.id}`;
  const row = await insertNotificationOnce(tx, key, recipient.id, 'booking', recipient.notice, { bookingId: job.id });
  // Written before: this reminder went out already, with its mail and text.
  if (!row) return undefined;
  if (recipient.phone) {
    await enqueueMessage(tx, { channel: 'sms', to: recipient.phone, body: recipient.notice, key: `${key}:sms` });
  }
  if (recipient.email) {
    const mail = renderMail({
      heading: reminderText.mailHeading,
      paragraphs: [recipient.notice],
      action: { label: reminderText.openBookings, path: recipient.path },
      publicUrl: options.publicUrl,
    });
    await enqueueMessage(tx, {
      channel: 'email',
      to: recipient.email,
      subject: reminderText.mailSubject(noticeDate(job.date), job.time),
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
    uid: `booking-${job.id}@doorstep`,
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
