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

export class OutboxSms implements SmsSender {
  private readonly production: boolean;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: OutboxOptions = {},
  ) {
    this.production = isProduction(options);
  }

  async send(message: OutgoingMessage) {
    await this.db
      .insert(outbox)
      .values({ channel: 'sms', to: message.to, body: message.body, code: message.code ?? null });
    if (this.production) this.log.info({ to: message.to }, '[outbox sms] stored');
    else this.log.info({ to: message.to }, `[outbox sms] ${message.body}`);
  }
}

export class OutboxMailer implements Mailer {
  private readonly production: boolean;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: OutboxOptions = {},
  ) {
    this.production = isProduction(options);
  }

  async send(message: OutgoingMessage) {
    await this.db.insert(outbox).values({
      channel: 'email',
      to: message.to,
      subject: message.subject ?? null,
      body: message.body,
      code: message.code ?? null,
    });
    if (this.production) this.log.info({ to: message.to, subject: message.subject }, '[outbox mail] stored');
    else this.log.info({ to: message.to, subject: message.subject }, `[outbox mail] ${message.body}`);
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
