// The transports against real local servers: an SMTP server (smtp-server) and an HTTP server
// answering as Twilio's Messages API does. And the mail layout that every mail shares.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailText } from '../../contract/messages.js';
import { codeMail } from '../modules/auth/auth.mail.js';
import { supportReplyMail } from '../modules/support/support.mail.js';
import { renderMail } from './mail-layout.js';
import { LogTransport, SmtpMailer, TwilioSms, Undeliverable, type Delivery } from './messaging.js';

const delivery = (fields: Partial<Delivery> = {}): Delivery => ({
  id: '3f1c2a9e-5b1d-4d8e-9a51-0c6e2b7d4f10',
  channel: 'email',
  to: 'laura@example.com',
  subject: 'Your booking',
  body: 'Plain words',
  html: null,
  ics: null,
  key: null,
  ...fields,
});

// ---------------------------------------------------------------- a small MIME reader

interface MimePart {
  headers: Map<string, string>;
  /** Decoded content of a leaf part. */
  content: string;
  parts: MimePart[];
}

function decode(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    default:
      return body;
  }
}

function parseMime(raw: string): MimePart {
  const split = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = raw.slice(split + 4);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) return { headers, content: decode(body, headers.get('content-transfer-encoding')), parts: [] };
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => parseMime(chunk.replace(/^\r\n/, '').replace(/\r\n$/, '')));
  return { headers, content: '', parts };
}

const typeOf = (part: MimePart) => part.headers.get('content-type') ?? '';
const leaves = (part: MimePart): MimePart[] => (part.parts.length ? part.parts.flatMap(leaves) : [part]);

// ---------------------------------------------------------------- mails

describe('SmtpMailer', () => {
  const received: { to: string[]; raw: string }[] = [];
  let reject: string | undefined;
  let rejectCode = 550;
  let server: SMTPServer;
  let smtpUrl: string;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (reject) return callback(Object.assign(new Error(reject), { responseCode: rejectCode }));
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    received.length = 0;
    reject = undefined;
  });

  it('sends text and HTML as multipart/alternative with a Message-ID from the key', async () => {
    const mailer = new SmtpMailer(smtpUrl, 'Doorstep <no-reply@doorstep.example>', 'https://doorstep.example/app');
    await mailer.send(
      delivery({ html: '<p>Rich <b>words</b> ✓</p>', body: 'Plain words ✓', key: 'reminder:24h:b1:u1:email' }),
    );
    mailer.close();

    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['laura@example.com']);
    const mail = parseMime(received[0]?.raw ?? '');
    expect(mail.headers.get('message-id')).toBe('<reminder%3A24h%3Ab1%3Au1%3Aemail@doorstep.example>');
    expect(mail.headers.get('subject')).toBe('Your booking');
    expect(mail.headers.get('from')).toContain('no-reply@doorstep.example');
    expect(typeOf(mail)).toMatch(/^multipart\/alternative/);
    expect(mail.parts.map(typeOf)).toEqual([
      expect.stringMatching(/^text\/plain/),
      expect.stringMatching(/^text\/html/),
    ]);
    expect(mail.parts[0]?.content).toBe('Plain words ✓');
    expect(mail.parts[1]?.content).toBe('<p>Rich <b>words</b> ✓</p>');
  });

  it('sends the same Message-ID when a row is sent again, named by its id without a key', async () => {
    const mailer = new SmtpMailer(smtpUrl, 'no-reply@doorstep.local');
    await mailer.send(delivery());
    await mailer.send(delivery());
    mailer.close();

    const ids = received.map((mail) => parseMime(mail.raw).headers.get('message-id'));
    expect(ids).toEqual([
      '<3f1c2a9e-5b1d-4d8e-9a51-0c6e2b7d4f10@doorstep.local>',
      '<3f1c2a9e-5b1d-4d8e-9a51-0c6e2b7d4f10@doorstep.local>',
    ]);
    // Without HTML the mail is one plain-text part.
    expect(typeOf(parseMime(received[0]?.raw ?? ''))).toMatch(/^text\/plain/);
  });

  it('adds the invitation as a text/calendar alternative and as an invite.ics attachment', async () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:doorstep',
      'METHOD:REQUEST',
      'BEGIN:VEVENT',
      'UID:booking-1@doorstep.example',
      'DTSTART:20261201T150000Z',
      'SUMMARY:Plumbing with Carlos',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const mailer = new SmtpMailer(smtpUrl, 'no-reply@doorstep.local');
    await mailer.send(delivery({ html: '<p>Booked</p>', body: 'Booked', ics }));
    mailer.close();

    const mail = parseMime(received[0]?.raw ?? '');
    expect(typeOf(mail)).toMatch(/^multipart\/mixed/);
    const alternative = mail.parts.find((part) => typeOf(part).startsWith('multipart/alternative'));
    expect(alternative?.parts.map(typeOf)).toEqual([
      expect.stringMatching(/^text\/plain/),
      expect.stringMatching(/^text\/html/),
      expect.stringMatching(/^text\/calendar; charset=utf-8; method=REQUEST$/),
    ]);
    expect(alternative?.parts[2]?.content).toBe(ics);
    const attachment = leaves(mail).find((part) => typeOf(part).startsWith('application/ics'));
    expect(attachment?.headers.get('content-disposition')).toMatch(/^attachment; filename=invite\.ics/);
    expect(attachment?.content).toBe(ics);
  });

  it.each([
    [550, 'Mailbox unavailable', true],
    [451, 'Try again later', false],
  ])('throws when the server answers %i; only a 5xx is Undeliverable', async (code, text, final) => {
    reject = text;
    rejectCode = code;
    const mailer = new SmtpMailer(smtpUrl, 'no-reply@doorstep.local');
    const sent = mailer.send(delivery());
    await expect(sent).rejects.toThrow(text);
    await expect(sent.catch((error: unknown) => error instanceof Undeliverable)).resolves.toBe(final);
    mailer.close();
    expect(received).toHaveLength(0);
  });
});

// ---------------------------------------------------------------- texts

describe('TwilioSms', () => {
  const accountSid = `AC${'0123456789abcdef'.repeat(2)}`;
  const authToken = 'secret-token';
  const requests: { method?: string; url?: string; authorization?: string; form: URLSearchParams }[] = [];
  let answer: { status: number; body: object } = { status: 201, body: {} };
  let server: http.Server;
  let apiUrl: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        requests.push({
          method: request.method,
          url: request.url,
          authorization: request.headers.authorization,
          form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
        });
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    requests.length = 0;
  });

  const sms = () => new TwilioSms({ accountSid, authToken, from: '+15125550199', apiUrl });
  const text = delivery({ channel: 'sms', to: '5125550100', subject: null, body: 'Your Doorstep code is 1234.' });

  it("posts the text to the account's Messages resource with basic auth", async () => {
    answer = {
      status: 201,
      body: {
        sid: `SM${'a'.repeat(32)}`,
        account_sid: accountSid,
        to: '+15125550100',
        from: '+15125550199',
        body: 'Your Doorstep code is 1234.',
        status: 'queued',
        date_created: 'Wed, 25 Nov 2026 16:00:00 +0000',
      },
    };
    await sms().send(text);

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`/2010-04-01/Accounts/${accountSid}/Messages.json`);
    expect(request?.authorization).toBe(`Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+15125550100',
      From: '+15125550199',
      Body: 'Your Doorstep code is 1234.',
    });
  });

  it.each([
    [400, { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }, true],
    [503, { code: 20503, message: 'Service unavailable', status: 503 }, false],
  ])('throws when Twilio answers %i; only a 400 is Undeliverable', async (status, body, final) => {
    answer = { status, body };
    const sent = sms().send(text);
    await expect(sent).rejects.toThrow(body.message);
    await expect(sent.catch((error: unknown) => error instanceof Undeliverable)).resolves.toBe(final);
    expect(requests).toHaveLength(1);
  });

  it('refuses a number that cannot be texted without asking Twilio', async () => {
    await expect(sms().send({ ...text, to: '5550100' })).rejects.toThrow(Undeliverable);
    expect(requests).toHaveLength(0);
  });
});

// ---------------------------------------------------------------- development

describe('LogTransport', () => {
  function capture() {
    const lines: { fields: object; message: string }[] = [];
    const log = { info: (fields: object, message: string) => lines.push({ fields, message }) };
    return { lines, log: log as unknown as FastifyBaseLogger };
  }
  const text = delivery({ channel: 'sms', to: '5550000001', subject: null, body: 'Your Doorstep code is 4321.' });

  it('logs the recipient and, outside production, the text', async () => {
    const { lines, log } = capture();
    await new LogTransport(log, { production: false }).send(text);
    expect(lines).toEqual([
      { fields: { id: text.id, to: '5550000001' }, message: '[outbox sms] Your Doorstep code is 4321.' },
    ]);
  });

  it('never logs the text in production', async () => {
    const { lines, log } = capture();
    await new LogTransport(log, { production: true }).send(text);
    await new LogTransport(log, { production: true }).send(delivery({ body: 'code 4321' }));
    expect(lines.map((line) => line.message)).toEqual(['[outbox sms] stored', '[outbox mail] stored']);
    expect(JSON.stringify(lines)).not.toContain('4321');
  });
});

// ---------------------------------------------------------------- mail layout

describe('renderMail', () => {
  it('escapes what it is given in the HTML and keeps the text readable', () => {
    const { text, html } = renderMail({
      heading: 'Hello <Laura>',
      paragraphs: ['<script>alert("x")</script>', 'Line one\nLine & two'],
      action: { label: 'Open "it"', path: '/update-password?email=a%40b.co&otpNumber=1234' },
      publicUrl: 'https://doorstep.example/',
    });

    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<Laura>');
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
    expect(html).toContain('Line one<br>Line &#38; two');
    expect(html).toContain('href="https://doorstep.example/update-password?email=a%40b.co&#38;otpNumber=1234"');
    expect(html).toContain('Open &#34;it&#34;');
    expect(html).not.toMatch(/<style|class=/);

    expect(text).toBe(
      [
        mailText.brand,
        'Hello <Laura>',
        '<script>alert("x")</script>',
        'Line one\nLine & two',
        'Open "it": https://doorstep.example/update-password?email=a%40b.co&otpNumber=1234',
        `-- \n${mailText.footer}`,
      ].join('\n\n'),
    );
  });

  it('names the path without a link when the site has no PUBLIC_URL', () => {
    const { text, html } = renderMail({
      heading: 'Verify',
      paragraphs: [],
      action: { label: 'Enter the code', path: '/verify-account?email=a%40b.co' },
    });
    expect(text).toContain('Enter the code: /verify-account?email=a%40b.co');
    expect(html).not.toContain('<a ');
    expect(html).toContain('Enter the code: /verify-account?email=a%40b.co');
  });

  it('builds the code mails with the code and, for a reset, a link that carries it', () => {
    const reset = codeMail({
      purpose: 'reset_password',
      email: 'laura@example.com',
      code: '4821',
      publicUrl: 'https://doorstep.example',
    });
    expect(reset.subject).toBe('Reset your Doorstep password');
    expect(reset.body).toContain('Your Doorstep code is 4821. It expires in 5 minutes.');
    expect(reset.body).toContain('https://doorstep.example/update-password?email=laura%40example.com&otpNumber=4821');
    expect(reset.html).toContain('4821');

    const verify = codeMail({ purpose: 'verify_email', email: 'laura@example.com', code: '1234' });
    expect(verify.subject).toBe('Verify your Doorstep account');
    expect(verify.body).toContain('/verify-account?email=laura%40example.com');
    expect(verify.body).not.toContain('otpNumber');
  });

  it("builds the support reply with the member's words escaped", () => {
    const mail = supportReplyMail({
      name: 'Laura <b>Bennett</b>',
      answer: 'Not yet, but soon!',
      original: 'Do you serve <img src=x onerror=alert(1)>?',
    });
    expect(mail.subject).toBe('Re: your message to Doorstep');
    expect(mail.body).toContain('Hello Laura <b>Bennett</b>,');
    expect(mail.body).toContain('Not yet, but soon!');
    expect(mail.body).toContain('Your message:\nDo you serve <img src=x onerror=alert(1)>?');
    expect(mail.html).not.toMatch(/<img|<b>/);
    expect(mail.html).toContain('Hello Laura &#60;b&#62;Bennett&#60;/b&#62;,');
  });
});
