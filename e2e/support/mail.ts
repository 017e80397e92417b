import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { journeyDataDir } from './server.ts';

/** Decodes quoted-printable text (soft line breaks and =XX escapes). */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * The newest link matching `pattern` in an e-mail to `to` in the server's outbox (no SMTP_URL:
 * mail is written as .eml files), waiting up to 10 s for it to arrive.
 */
export async function findMailLink(to: string, pattern: RegExp, after = 0): Promise<string> {
  const outbox = path.join(journeyDataDir(), 'outbox');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((file) => file.endsWith('.eml'))
          .sort()
          .reverse()
      : [];
    for (const file of files) {
      const raw = readFileSync(path.join(outbox, file), 'utf8');
      if (!raw.toLowerCase().includes(to.toLowerCase())) continue;
      const matches = [...decodeQuotedPrintable(raw).matchAll(new RegExp(pattern.source, 'g'))];
      const link = matches[0]?.[0];
      if (link !== undefined && files.indexOf(file) >= 0 && readdirSync(outbox).length > after) {
        return link;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail to ${to} with a link matching ${pattern} arrived.`);
}

/** How many e-mails the outbox holds (to wait for a new one). */
export function outboxCount(): number {
  const outbox = path.join(journeyDataDir(), 'outbox');
  return existsSync(outbox)
    ? readdirSync(outbox).filter((file) => file.endsWith('.eml')).length
    : 0;
}
