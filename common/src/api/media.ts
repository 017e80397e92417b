import { z } from 'zod';
import { dateTime, pathIDSchema, queryBoolean } from './common.ts';
export * from './media.files.ts';

/** An uploaded file (api-contract §18 "Media"). */
export const mediaSchema = z.object({
  mediaID: z.number().int(),
  url: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  displaySize: z.enum(['large', 'medium', 'small', 'inline']),
  float: z.enum(['none', 'left', 'right']),
  downloadUrl: z.string(),
  dateInserted: dateTime,
  insertUserID: z.number().int(),
  foreignType: z.string().nullable(),
  foreignID: z.string().nullable(),
});

export type Media = z.infer<typeof mediaSchema>;

/** `POST /media` takes no query parameters; the file comes as the multipart field `file`. */
export const uploadMediaQuerySchema = z.object({});

export const mediaIDParamsSchema = z.object({ id: pathIDSchema('Media') });

/** `DELETE /media/{id}?deleteFile=` (default true: the stored file goes too). */
export const deleteMediaQuerySchema = z.object({ deleteFile: queryBoolean.optional() });

