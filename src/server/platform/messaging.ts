// Texts and mails. Producers write outbox rows (platform/delivery.ts); the queue worker hands each
// row to the transport of its channel: Twilio for texts when TWILIO_* is set, SMTP for mails when
// SMTP_URL is, otherwise a log line (the row stays listed by GET /v1/dev/outbox when DEV_OUTBOX=1).
// In production the log gets who was written to, never the text (it carries sign-in codes).
// Twilio's and nodemailer's modules are loaded at the first message they carry, not at start:
// together they are a noticeable share of a server's start.
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type RequestClient from 'twilio/lib/base/RequestClient.js';
import type { Config } from '../config.js';

/** One outbox row as the worker hands it to a transport. */
export interface Delivery {
  id: string;
  channel: 'sms' | 'email';
  to: string;
  subject: string | null;
  body: string;
  html: string | null;
  ics: string | null;
  key: string | null;
}

/** Delivers one message or throws: the worker tries again later, unless it is Undeliverable. */
export interface Transport {
  send(message: Delivery): Promise<void>;
}

/**
 * The provider refused the message itself (a number that cannot take texts, a mailbox that does
 * not exist): trying again would not help, so the row fails at once.
 */
export class Undeliverable extends Error {}

/** A provider that does not answer within this is taken as failed, so a worker never hangs. */
const providerTimeoutMs = 15_000;

// ---------------------------------------------------------------- development

export interface LogOptions {
  /**
   * Keep texts out of the log. Defaults to NODE_ENV=production, read as the config reads it, so
   * a caller that passes nothing never logs a code in production.
   */
  production?: boolean;
}

const isProduction = (options: LogOptions) => options.production ?? process.env.NODE_ENV === 'production';

/**
 * Delivery without a provider: a log line that names the recipient (and, outside production,
 * shows the text). The row itself stays in the outbox table.
 */
export class LogTransport implements Transport {
  private readonly production: boolean;

  constructor(
    private readonly log: FastifyBaseLogger,
    options: LogOptions = {},
  ) {
    this.production = isProduction(options);
  }

  async send(message: Delivery) {
    const label = message.channel === 'sms' ? '[outbox sms]' : '[outbox mail]';
    const fields =
      message.channel === 'sms'
        ? { id: message.id, to: message.to }
        : { id: message.id, to: message.to, subject: message.subject };
    this.log.info(fields, this.production ? `${label} stored` : `${label} ${message.body}`);
  }
}

// ---------------------------------------------------------------- texts

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** The Twilio number texts come from, in international form. */
  from: string;
  /** Another address for Twilio's API (a local server in tests); default Twilio's. */
  apiUrl?: string;
}

type TwilioModule = typeof import('twilio');

/**
 * The Twilio client's HTTP client, sending every request to another origin. The client builds its
 * URLs from Twilio's host names (with edge and region folded in), so the final URL is rewritten.
 */
function redirectedRequestClient(twilio: TwilioModule, origin: URL, options: RequestClient.RequestClientOptions) {
  class RedirectedRequestClient extends twilio.RequestClient {
    override request<TData>(requestOptions: RequestClient.RequestOptions<TData>) {
      const uri = new URL(requestOptions.uri);
      const base = origin.pathname.replace(/\/+$/, '');
      const target = new URL(`${base}${uri.pathname}${uri.search}`, origin);
      return super.request<TData>({ ...requestOptions, uri: target.href });
    }
  }
  return new RedirectedRequestClient(options);
}

/** Whether a text can reach the number (internationalPhone takes it). */
export function canText(phone: string): boolean {
  try {
    internationalPhone(phone);
    return true;
  } catch {
    return false;
  }
}

/** US numbers as members type them (10 digits) become +1…; numbers with + are kept. */
export function internationalPhone(phone: string): string {
  const digits = phone.replace(/[\s().-]/g, '');
  if (/^\+[1-9]\d{6,14}$/.test(digits)) return digits;
  if (/^\d{10}$/.test(digits)) return `+1${digits}`;
  if (/^1\d{10}$/.test(digits)) return `+${digits}`;
  throw new Undeliverable(`Not a phone number a text can be sent to: ${phone}`);
}

/**
 * Texts through Twilio's Messages API; an error answer throws. A 400 is about the message (an
 * invalid or unreachable number): Undeliverable. Anything else (401 credentials, 429, 5xx) may
 * pass later.
 */
export class TwilioSms implements Transport {
  private loaded: Promise<{ twilio: TwilioModule; client: ReturnType<TwilioModule> }> | undefined;

  constructor(private readonly options: TwilioOptions) {}

  private load() {
    return (this.loaded ??= import('twilio').then(({ default: twilio }) => {
      const { accountSid, authToken, apiUrl } = this.options;
      const httpOptions = { timeout: providerTimeoutMs };
      const client = twilio(accountSid, authToken, {
        ...httpOptions,
        httpClient: apiUrl ? redirectedRequestClient(twilio, new URL(apiUrl), httpOptions) : undefined,
      });
      return { twilio, client };
    }));
  }

  async send(message: Delivery) {
    const to = internationalPhone(message.to);
    const { twilio, client } = await this.load();
    try {
      await client.messages.create({ to, from: this.options.from, body: message.body });
    } catch (error) {
      if (error instanceof twilio.RestException && error.status === 400) throw new Undeliverable(error.message);
      throw error;
    }
  }
}

// ---------------------------------------------------------------- mails

/**
 * A Message-ID made from the row's key or id: a mail sent again after a crash carries the same one,
 * so mail servers and clients can tell it is the same message. Characters a Message-ID may not
 * hold (a key has colons) are written %XX, which keeps distinct keys distinct.
 */
export function messageId(name: string, publicUrl: string | undefined): string {
  const host = publicUrl ? new URL(publicUrl).hostname : 'doorstep.local';
  const left = Array.from(new TextEncoder().encode(name), (byte) => {
    const char = String.fromCharCode(byte);
    return /[A-Za-z0-9!#$&'*+\-/=?^_`{|}~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
  return `<${left}@${host}>`;
}

/** The iCalendar METHOD of an invitation; the part's Content-Type must name the same one. */
const calendarMethod = (ics: string) => /^METHOD:([A-Za-z-]+)\r?$/m.exec(ics)?.[1]?.toUpperCase() ?? 'REQUEST';

/**
 * Mails through the SMTP server of SMTP_URL: plain text, plus HTML when given, plus a calendar
 * invitation when given, both attached (invite.ics) and as a `text/calendar` alternative, which is
 * the part Gmail, Outlook and Apple Mail read to offer adding the event.
 */
export class SmtpMailer implements Transport {
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
    /** Config PUBLIC_URL: its host names the Message-IDs. */
    private readonly publicUrl?: string,
  ) {}

  private load() {
    return (this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: this.smtpUrl,
        connectionTimeout: providerTimeoutMs,
        greetingTimeout: providerTimeoutMs,
        socketTimeout: providerTimeoutMs,
      }),
    ));
  }

  async send(message: Delivery) {
    const name = message.key ?? message.id;
    const transport = await this.load();
    try {
      await transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject ?? undefined,
        text: message.body,
        html: message.html ?? undefined,
        icalEvent: message.ics
          ? { method: calendarMethod(message.ics), filename: 'invite.ics', content: message.ics }
          : undefined,
        messageId: name ? messageId(name, this.publicUrl) : undefined,
      });
    } catch (error) {
      // A 5xx reply is the server's final no (no such mailbox, refused); a 4xx asks to come back.
      const code = (error as { responseCode?: unknown }).responseCode;
      if (typeof code === 'number' && code >= 500) throw new Undeliverable((error as Error).message);
      throw error;
    }
  }

  close() {
    void this.transport?.then((transport) => transport.close());
  }
}

/** The transport of each channel, chosen by the config. */
export function createTransports(config: Config, log: FastifyBaseLogger): Record<Delivery['channel'], Transport> {
  const logTransport = new LogTransport(log, { production: config.NODE_ENV === 'production' });
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from } = config;
  return {
    sms:
      accountSid && authToken && from
        ? new TwilioSms({ accountSid, authToken, from, apiUrl: config.TWILIO_API_URL })
        : logTransport,
    email: config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM, config.PUBLIC_URL) : logTransport,
  };
}
