// Texts and mails. Without a configured provider they go to the outbox table (listed by
// GET /v1/dev/outbox outside production) and to the server log.
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

export class OutboxSms implements SmsSender {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: OutgoingMessage) {
    await this.db.insert(outbox).values({ channel: 'sms', to: message.to, body: message.body, code: message.code ?? null });
    this.log.info({ to: message.to }, `[outbox sms] ${message.body}`);
  }
}

export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: OutgoingMessage) {
    await this.db.insert(outbox).values({
      channel: 'email',
      to: message.to,
      subject: message.subject ?? null,
      body: message.body,
      code: message.code ?? null,
    });
    this.log.info({ to: message.to, subject: message.subject }, `[outbox mail] ${message.body}`);
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
