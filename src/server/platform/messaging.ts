// Texts and mails. Without a configured provider they go to the outbox table (listed by
// GET /v1/dev/outbox when DEV_OUTBOX=1) and to the server log; in production the log gets who
// was written to, never the text (it carries sign-in codes).
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema.js';

export interface OutgoingMessage {
  to: string;
  body: string;
  subject?: string;
  /** The one-time code the message carries, kept in the dev outbox for tests and local use. */
  code?: string;
}

export interface SmsSender {
  send(message: OutgoingMessage): Promise<void>;
}

export interface Mailer {
  send(message: OutgoingMessage): Promise<void>;
}

export interface OutboxOptions {
  /**
   * Keep texts out of the log. Defaults to NODE_ENV=production, read as the config reads it, so
   * a caller that passes nothing never logs a code in production.
   */
  production?: boolean;
}

const isProduction = (options: OutboxOptions) => options.production ?? process.env.NODE_ENV === 'production';

/**
 * Texts and mails kept in the outbox table instead of sent: every message with its code, and a
 * log line that names the recipient (and, outside production, shows the text).
 */
class Outbox {
  private readonly production: boolean;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly channel: 'sms' | 'email',
    options: OutboxOptions,
  ) {
    this.production = isProduction(options);
  }

  async send(message: OutgoingMessage) {
    const subject = this.channel === 'email' ? (message.subject ?? null) : null;
    await this.db
      .insert(outbox)
      .values({ channel: this.channel, to: message.to, subject, body: message.body, code: message.code ?? null });
    const label = this.channel === 'sms' ? '[outbox sms]' : '[outbox mail]';
    const fields = this.channel === 'sms' ? { to: message.to } : { to: message.to, subject: message.subject };
    this.log.info(fields, this.production ? `${label} stored` : `${label} ${message.body}`);
  }
}

export class OutboxSms extends Outbox implements SmsSender {
  constructor(db: Db, log: FastifyBaseLogger, options: OutboxOptions = {}) {
    super(db, log, 'sms', options);
  }
}

export class OutboxMailer extends Outbox implements Mailer {
  constructor(db: Db, log: FastifyBaseLogger, options: OutboxOptions = {}) {
    super(db, log, 'email', options);
  }
}

export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: OutgoingMessage) {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.body });
  }
}
