import { escapeHtml } from '../../platform/content/escape.ts';
import type { MailMessage } from '../../platform/mail.ts';

/** Path of the confirmation link (the web app's `/entry/emailconfirm/:userID/:code`, as in Vanilla). */
export function confirmEmailUrl(baseUrl: string, userID: number, code: string): string {
  return `${baseUrl}/entry/emailconfirm/${userID}/${encodeURIComponent(code)}`;
}

/** Path of the password reset link (the web app's `/entry/passwordreset/:userID/:code`). */
export function resetPasswordUrl(baseUrl: string, userID: number, code: string): string {
  return `${baseUrl}/entry/passwordreset/${userID}/${encodeURIComponent(code)}`;
}

function html(paragraphs: string[], link: { url: string; label: string }): string {
  const body = paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n');
  return `<!doctype html>\n<html><body>\n${body}\n<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>\n</body></html>\n`;
}

/** The e-mail that confirms an address (Vanilla's EmailConfirmEmail wording). */
export function confirmEmailMessage(input: { siteTitle: string; to: string; name: string; url: string }): MailMessage {
  const lines = [
    `Hello ${input.name},`,
    'You need to confirm your email address before you can continue. Please confirm your email address by clicking on the following link:',
  ];
  return {
    to: input.to,
    subject: `[${input.siteTitle}] Confirm Your Email Address`,
    text: `${lines.join('\n\n')}\n\n${input.url}\n\nHave a great day!\n`,
    html: html([...lines.slice(0, 2)], { url: input.url, label: 'Confirm My Email Address' }),
  };
}

/** The e-mail with a password reset link (Vanilla's PasswordRequest wording). */
export function resetPasswordMessage(input: { siteTitle: string; to: string; name: string; url: string; validMinutes: number }): MailMessage {
  const lines = [
    `Hello ${input.name},`,
    `We've received a request to change your password at ${input.siteTitle}. If you didn't make this request, please ignore this email.`,
    `The link below works once, for ${input.validMinutes} minutes:`,
  ];
  return {
    to: input.to,
    subject: `[${input.siteTitle}] Password Reset Request`,
    text: `${lines.join('\n\n')}\n\n${input.url}\n`,
    html: html(lines, { url: input.url, label: 'Change My Password' }),
  };
}
