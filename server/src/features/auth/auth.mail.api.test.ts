import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { uniqueIP } from '../../../test/actors.ts';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../../test/smtp.ts';

/** The decoded body of a MIME part (`quoted-printable`, `base64` or plain). */
function decodePart(part: string): { contentType: string; body: string } {
  const split = part.indexOf('\r\n\r\n');
  const head = part.slice(0, split);
  const body = part.slice(split + 4);
  const contentType = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim().toLowerCase() ?? 'text/plain';
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase() ?? '7bit';
  if (encoding === 'base64') return { contentType, body: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') };
  if (encoding === 'quoted-printable') {
    const joined = body.replace(/=\r\n/g, '');
    const bytes = Buffer.from(joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1');
    return { contentType, body: bytes.toString('utf8') };
  }
  return { contentType, body };
}

/** Headers and the text/plain body of a raw message (single part or multipart/alternative). */
function parseMail(raw: string): { headers: Map<string, string>; text: string; html: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) {
    const single = decodePart(raw);
    return { headers, text: single.body, html: '' };
  }
  const parts = raw.split(`--${boundary}`).slice(1, -1).map((part) => decodePart(part.replace(/^\r\n/, '')));
  return {
    headers,
    text: parts.find((part) => part.contentType === 'text/plain')?.body ?? '',
    html: parts.find((part) => part.contentType === 'text/html')?.body ?? '',
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A forum whose app sends mail through its real SMTP transport (built from SMTP_URL). */
function startApp(smtpUrl: string): Promise<TestApp> {
  return createTestApp({ SMTP_URL: smtpUrl }, { mailer: 'configured' });
}

describe(`mail over real SMTP (${testDialect})`, () => {
  let smtp: TestSmtpServer;
  let received: ReceivedMail[] = [];
  let port: number;

  before(async () => {
    smtp = await startTestSmtpServer();
    received = smtp.received;
    port = smtp.port;
  });

  after(async () => {
    await smtp.close();
  });

  test('registration e-mail arrives over SMTP and its confirmation link works; so does the reset link', async () => {
    const hearth = await startApp(`smtp://127.0.0.1:${port}`);
    try {
      const registered = await hearth.app.inject({
        method: 'POST',
        url: '/api/v2/users/register',
        headers: { 'x-forwarded-for': uniqueIP() },
        payload: { name: 'smtp_user', email: 'smtp.user@example.com', password: 'long enough' },
      });
      assert.equal(registered.statusCode, 201);
      const { userID } = registered.json() as { userID: number };

      assert.equal(received.length, 1);
      const envelope = received[0];
      assert.ok(envelope);
      assert.equal(envelope.from, 'admin@hearth.test');
      assert.deepEqual(envelope.to, ['smtp.user@example.com']);
      const mail = parseMail(envelope.raw);
      assert.equal(mail.headers.get('to'), 'smtp.user@example.com');
      assert.equal(mail.headers.get('subject'), '[Hearth] Confirm Your Email Address');
      assert.match(mail.text, /^Hello smtp_user,/);
      const link = new RegExp(`http://hearth\\.test/entry/emailconfirm/${userID}/([\\w%-]+)`).exec(mail.text);
      assert.ok(link, mail.text);
      assert.ok(mail.html.includes(link[0]));

      const confirmed = await hearth.app.inject({
        method: 'POST',
        url: `/api/v2/users/${userID}/confirm-email`,
        payload: { confirmationCode: decodeURIComponent(link[1] ?? '') },
      });
      assert.equal(confirmed.statusCode, 201);
      assert.equal(confirmed.json().emailConfirmed, true);

      const requested = await hearth.app.inject({
        method: 'POST',
        url: '/api/v2/users/request-password',
        headers: { 'x-forwarded-for': uniqueIP() },
        payload: { email: 'smtp_user' },
      });
      assert.equal(requested.statusCode, 201);
      assert.equal(received.length, 2);
      const reset = parseMail(received[1]?.raw ?? '');
      assert.equal(reset.headers.get('subject'), '[Hearth] Password Reset Request');
      const resetLink = new RegExp(`http://hearth\\.test/entry/passwordreset/${userID}/([\\w%-]+)`).exec(reset.text);
      assert.ok(resetLink);
      const changed = await hearth.app.inject({
        method: 'POST',
        url: `/api/v2/users/${userID}/reset-password`,
        headers: { 'x-forwarded-for': uniqueIP() },
        payload: { resetCode: decodeURIComponent(resetLink[1] ?? ''), password: 'a new password' },
      });
      assert.equal(changed.statusCode, 201);
    } finally {
      await hearth.close();
    }
  });

  test('an unreachable SMTP server does not fail the registration; the request for a reset answers 500', async () => {
    const hearth = await startApp(`smtp://127.0.0.1:${await freePort()}`);
    try {
      const registered = await hearth.app.inject({
        method: 'POST',
        url: '/api/v2/users/register',
        headers: { 'x-forwarded-for': uniqueIP() },
        payload: { name: 'no_smtp', email: 'no.smtp@example.com', password: 'long enough' },
      });
      assert.equal(registered.statusCode, 201, 'the account exists; the e-mail can be sent again later');
      const requested = await hearth.app.inject({
        method: 'POST',
        url: '/api/v2/users/request-password',
        headers: { 'x-forwarded-for': uniqueIP() },
        payload: { email: 'no_smtp' },
      });
      assert.equal(requested.statusCode, 500);
      assert.deepEqual(requested.json(), { message: 'Something went wrong.', status: 500 });
    } finally {
      await hearth.close();
    }
  });
});
