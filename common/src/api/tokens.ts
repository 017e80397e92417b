import { z } from 'zod';
import { dateTime, pathIDSchema } from './common.ts';

/** One token of `GET /tokens` (api-contract §2). */
export const tokenSummarySchema = z.object({
  accessTokenID: z.number().int(),
  name: z.string(),
  dateInserted: dateTime,
  dateLastUsed: dateTime.nullable(),
});
export type TokenSummary = z.infer<typeof tokenSummarySchema>;

export const tokenListSchema = z.array(tokenSummarySchema);

/** `POST /tokens` body: a label and the session's transient key (api-contract §2). */
export const createTokenBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  transientKey: z.string().min(1).max(200),
});
export type CreateTokenBody = z.infer<typeof createTokenBodySchema>;

/** `POST /tokens` 201: the only answer that carries the token itself (Hearth stores hashes). */
export const createdTokenSchema = z.object({
  accessTokenID: z.number().int(),
  name: z.string(),
  accessToken: z.string(),
  dateInserted: dateTime,
});
export type CreatedToken = z.infer<typeof createdTokenSchema>;

/** `GET /tokens/{id}` 200: the token's record (its value cannot be shown again). */
export const tokenSchema = z.object({
  accessTokenID: z.number().int(),
  name: z.string(),
  dateInserted: dateTime,
  dateLastUsed: dateTime.nullable(),
  dateExpires: dateTime,
});
export type Token = z.infer<typeof tokenSchema>;

export const tokenIDParamsSchema = z.object({ id: pathIDSchema('Token') });

/** `GET /tokens/{id}` query: the session's transient key (api-contract §2). */
export const tokenGetQuerySchema = z.object({ transientKey: z.string().min(1).max(200) });
