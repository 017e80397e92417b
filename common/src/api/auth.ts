import { z } from 'zod';
import { dateTime, idSchema, pathIDSchema } from './common.ts';

/**
 * api-contract §2: names are 3–20 letters, digits, marks or connector punctuation
 * (`Garden.User.ValidationRegex`, `Garden.User.ValidationLength`).
 */
export const usernamePattern = /^[\p{L}\p{N}\p{M}\p{Pc}]{3,20}$/u;

/** api-contract §3 (`POST /users`) and §2: the message of the username rule, verbatim. */
export const usernameRuleMessage =
  'Username can only contain letters, numbers, underscores, and must be between 3 and 20 characters long.';

/** Default of the `password.minLength` site setting (Vanilla's code fallback; api-contract §2). */
export const defaultPasswordMinLength = 8;

/** Longest accepted password: scrypt's cost does not depend on it, but the body should stay small. */
export const passwordMaxLength = 200;

/** Longest e-mail address (RFC 5321 path limit). */
export const emailMaxLength = 254;

/** A user name as typed: trimmed, NFC-normalized (so look-alike encodings collide), then the rule. */
export const usernameSchema = z
  .string()
  .trim()
  .min(1)
  .transform((value) => value.normalize('NFC'))
  .pipe(z.string().regex(usernamePattern, usernameRuleMessage));

export const emailSchema = z
  .string()
  .trim()
  .min(1)
  .max(emailMaxLength)
  .pipe(z.email());

const passwordSchema = z.string().min(1).max(passwordMaxLength);

/** `POST /authenticate/password` body (api-contract §2). */
export const signInBodySchema = z.object({
  /** Name or e-mail. */
  username: z.string().trim().min(1).max(emailMaxLength),
  password: passwordSchema,
  /** "Keep me signed in": a persistent cookie for 30 days. */
  persist: z.boolean().default(false),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/**
 * `POST /authenticate/signout` body: optional. With `transientKey` (the `/entry/signout` link's
 * proof) the key must be the session's, else 401 "Invalid transient key.".
 */
export const signOutBodySchema = z
  .object({ transientKey: z.string().max(200).optional() })
  .nullish()
  .transform((value) => value ?? {});

/** `GET /sessions` query (api-contract §2). */
export const sessionListQuerySchema = z.object({
  userID: z.union([z.literal('$me'), idSchema]).optional(),
  filter: z.enum(['valid', 'invalid']).optional(),
});
export type SessionListQuery = z.infer<typeof sessionListQuerySchema>;

/** `DELETE /sessions` query: none (the current session), `userID` (all of them) or one `sessionID`. */
export const sessionDeleteQuerySchema = z.object({
  userID: z.union([z.literal('$me'), idSchema]).optional(),
  sessionID: z.string().min(1).max(100).optional(),
});
export type SessionDeleteQuery = z.infer<typeof sessionDeleteQuerySchema>;

/** One session as `GET /sessions` lists it (api-contract §2). */
export const sessionSchema = z.object({
  sessionID: z.string(),
  userID: z.number().int(),
  dateInserted: dateTime,
  dateUpdated: dateTime.nullable(),
  dateExpires: dateTime.nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

/** The registration form's honeypot field (Vanilla's default `Garden.Forms.HoneypotName`). */
export const HONEYPOT_FIELD = 'hpt';

/** `POST /users/register` body (api-contract §2). */
export const registerBodySchema = z.object({
  email: emailSchema,
  name: usernameSchema,
  password: passwordSchema,
  discoveryText: z.string().max(1000).optional(),
  invitationCode: z.string().max(100).optional(),
  /** The registration form's honeypot (Vanilla `Garden.Forms.HoneypotName`): people leave it empty. */
  hpt: z.string().max(1000).optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** `POST /users/register` 201 answer. */
export const registeredUserSchema = z.object({
  userID: z.number().int(),
  name: z.string(),
  email: z.string(),
});
export type RegisteredUser = z.infer<typeof registeredUserSchema>;

/** `POST /users/register` 202 answer: the account awaits approval (api-contract §2). */
export const pendingRegistrationSchema = z.array(z.unknown()).max(0);

/** Path of the account calls: a user ID. */
export const userIDParamsSchema = z.object({ id: pathIDSchema('User') });

/** Path of the resend call: a user ID or `$me`. */
export const userRefParamsSchema = z.object({ id: z.union([z.literal('$me'), pathIDSchema('User')]) });

/** `POST /users/{id}/confirm-email` body (api-contract §2). */
export const confirmEmailBodySchema = z.object({
  confirmationCode: z.string().trim().min(1).max(200),
});

/** `POST /users/{id}/confirm-email` 201 answer (api-contract §2). */
export const confirmedEmailSchema = z.object({
  userID: z.number().int(),
  email: z.string().nullable(),
  emailConfirmed: z.boolean(),
});
export type ConfirmedEmail = z.infer<typeof confirmedEmailSchema>;

/** `POST /users/{id}/confirm-email/resend` 201 answer: where the new link went. */
export const confirmationSentSchema = z.object({
  userID: z.number().int(),
  email: z.string(),
});

/** `POST /users/request-password` body: an e-mail address or a user name (api-contract §2). */
export const requestPasswordBodySchema = z.object({
  email: z.string().trim().min(1).max(emailMaxLength),
});

/** `POST /users/{id}/reset-password` body: the code of the reset e-mail and the new password. */
export const resetPasswordBodySchema = z.object({
  resetCode: z.string().trim().min(1).max(200),
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** `POST /users/{id}/reset-password` 201 answer. */
export const passwordResetSchema = z.object({ userID: z.number().int() });

/** An empty object body (`POST /users/request-password` answers 201 with nothing in it). */
export const emptyObjectSchema = z.object({});
