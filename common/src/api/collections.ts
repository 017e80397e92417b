import { z } from 'zod';
import {
  bodyIDSchema,
  dateTime,
  expandParam,
  idSchema,
  intSchema,
  limitParam,
  pageParam,
  pathIDSchema,
} from './common.ts';

/** api-contract §12: record types a collection may hold (the registered providers). */
export const collectionRecordTypes = ['discussion', 'category'] as const;
export type CollectionRecordType = (typeof collectionRecordTypes)[number];

/** api-contract §12: a collection holds 1..30 records when created or replaced. */
export const MAX_COLLECTION_RECORDS = 30;
export const MAX_COLLECTION_NAME_LENGTH = 255;

/** api-contract §12: the duplicate-name message. */
export function collectionNameTakenMessage(name: string): string {
  return `A collection with the name ${name} already exists.`;
}

const recordTypeSchema = z
  .string()
  .trim()
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(collectionRecordTypes));

/** `{recordID, recordType, sort?}` in a body. */
export const collectionRecordInputSchema = z.object({
  recordID: bodyIDSchema,
  recordType: recordTypeSchema,
  sort: intSchema(0, 100_000).optional(),
});

export type CollectionRecordInput = z.output<typeof collectionRecordInputSchema>;

/** A record of a collection (api-contract §12). */
export const collectionRecordSchema = z.object({
  collectionID: z.number().int(),
  recordID: z.number().int(),
  recordType: z.string(),
  dateAddedToCollection: dateTime,
  sort: z.number().int(),
});

export type CollectionRecord = z.infer<typeof collectionRecordSchema>;

/** The collection's own fields (`by-resource` answers only these). */
export const collectionSummarySchema = z.object({
  collectionID: z.number().int(),
  name: z.string(),
  insertUserID: z.number().int(),
  updateUserID: z.number().int().nullable(),
  dateInserted: dateTime,
  dateUpdated: dateTime.nullable(),
});

export type CollectionSummary = z.infer<typeof collectionSummarySchema>;

/** Collection (api-contract §12). */
export const collectionSchema = collectionSummarySchema.extend({
  records: z.array(collectionRecordSchema),
});

export type Collection = z.infer<typeof collectionSchema>;

/** A collection record with the record itself (`/content` calls); `record` is null when hidden. */
export const collectionContentSchema = collectionRecordSchema.extend({
  collection: z.object({ collectionID: z.number().int(), name: z.string() }).optional(),
  record: z.record(z.string(), z.unknown()),
});

export type CollectionContent = z.infer<typeof collectionContentSchema>;

export const collectionWithContentSchema = collectionSummarySchema.extend({
  records: z.array(collectionContentSchema),
});

export type CollectionWithContent = z.infer<typeof collectionWithContentSchema>;

const nameSchema = z.string().trim().min(1).max(MAX_COLLECTION_NAME_LENGTH);
const recordsSchema = z.array(collectionRecordInputSchema).min(1).max(MAX_COLLECTION_RECORDS);

export const collectionIDParamsSchema = z.object({ id: pathIDSchema('Collection') });

export const collectionContentParamsSchema = z.object({
  id: pathIDSchema('Collection'),
  locale: z.string().min(1).max(20),
});

export const localeParamsSchema = z.object({ locale: z.string().min(1).max(20) });

/** `GET /collections` query. */
export const listCollectionsQuerySchema = z.object({
  collectionID: idSchema.optional(),
  name: z.string().min(1).max(MAX_COLLECTION_NAME_LENGTH).optional(),
  page: pageParam,
  limit: limitParam(500, 500),
});

export type ListCollectionsQuery = z.output<typeof listCollectionsQuerySchema>;

/** `POST /collections` body. */
export const createCollectionBodySchema = z.object({ name: nameSchema, records: recordsSchema });
export type CreateCollectionBody = z.output<typeof createCollectionBodySchema>;

/** `PATCH /collections/{id}` body: `records` replaces the list. */
export const patchCollectionBodySchema = z.object({
  name: nameSchema.optional(),
  records: z.array(collectionRecordInputSchema).max(MAX_COLLECTION_RECORDS).optional(),
});
export type PatchCollectionBody = z.output<typeof patchCollectionBodySchema>;

/** `GET /collections/by-resource` query. */
export const byResourceQuerySchema = z.object({
  recordType: recordTypeSchema,
  recordID: idSchema,
});
export type ByResourceQuery = z.output<typeof byResourceQuerySchema>;

/** `PUT /collections/by-resource` body. */
export const putByResourceBodySchema = z.object({
  record: collectionRecordInputSchema,
  collectionIDs: z.array(bodyIDSchema).max(500),
});
export type PutByResourceBody = z.output<typeof putByResourceBodySchema>;

/** `GET /collections/contents/{locale}` query. */
export const collectionContentsQuerySchema = z.object({
  collectionID: idSchema.optional(),
  page: pageParam,
  limit: limitParam(100, 500),
  expand: expandParam(['collection'] as const),
});
export type CollectionContentsQuery = z.output<typeof collectionContentsQuerySchema>;
