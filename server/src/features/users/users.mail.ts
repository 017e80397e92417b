import { escapeHtml } from '../../platform/content/escape.ts';
import type { MailMessage } from '../../platform/mail.ts';

/**
 * The welcome e-mail of `POST /users` (`sendWelcomeEmail`, Vanilla's "Welcome Aboard" wording).
 * It never carries the password: the administrator passes it on, or the user resets it.
 */
export function welcomeMessage(input: {
  siteTitle: string;
  to: string;
  name: string;
  signInUrl: string;
}): MailMessage {
  const lines = [
    `Hello ${input.name},`,
    `An account has been created for you at ${input.siteTitle}. Your user name is ${input.name}.`,
    'You can sign in here:',
  ];
  return {
    to: input.to,
    subject: `[${input.siteTitle}] Welcome Aboard!`,
    text: `${lines.join('\n\n')}\n\n${input.signInUrl}\n`,
    html: `<!doctype html>\n<html><body>\n${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}\n<p><a href="${escapeHtml(input.signInUrl)}">Sign In</a></p>\n</body></html>\n`,
  };
}
