import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header fields (e.g. `List-Unsubscribe`, RFC 8058). */
  headers?: Record<string, string>;
}

/** Sends e-mail: SMTP when SMTP_URL is set, otherwise `.eml` files in `DATA_DIR/outbox`. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Builds the mailer for the configuration (nodemailer for both transports). */
export function createMailer(options: { smtpUrl?: string | undefined; dataDir: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await fs.writeFile(path.join(outbox, `${stamp}-${randomUUID()}.eml`), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
