import type { RequestContext } from '../../http/context.ts';
import { relativeUrl } from '../layouts/layouts.urls.ts';
import type { Hydrator } from '../layouts/layouts.hydrators.ts';
import { loadRecord } from './collections.content.ts';
import { findCollectionByID, listCollectionRecordRows } from './collections.repo.ts';

/** Records a featured collection widget shows at most (a collection holds up to 30). */
const WIDGET_MAX_ITEMS = 30;

/** One record of the widget, as it draws it. */
export interface FeaturedItem {
  recordType: 'discussion' | 'category';
  recordID: number;
  name: string;
  url: string;
}

function toItem(
  ctx: RequestContext,
  recordType: string,
  recordID: number,
  record: Record<string, unknown>,
): FeaturedItem | null {
  if (recordType !== 'discussion' && recordType !== 'category') return null;
  const { name, url } = record;
  if (typeof name !== 'string' || typeof url !== 'string') return null;
  return { recordType, recordID, name, url: relativeUrl(ctx.config.baseUrl, url) };
}

function positiveInt(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : undefined;
}

/**
 * `FeaturedCollections` (spec 000 §2 layout widgets "featured collections", api-contract §12): one
 * collection's discussions and categories in the collection's order, each through its feature's
 * read (`GET /discussions/{id}`, `GET /categories/{id}` checks), so a viewer sees only the records
 * they may see; managing collections (`community.manage`) is not needed to see the widget. Props:
 * `collectionID` (required), `title` (default: the collection's name), `limit` (default and most
 * 30). Null (widget left out) for an unknown collection or one with nothing the viewer may see.
 */
export const featuredCollectionsHydrator: Hydrator = async (scope, props) => {
  const { ctx } = scope;
  const collectionID = positiveInt(props.collectionID);
  if (collectionID === undefined) return null;
  const collection = await findCollectionByID(ctx.db, collectionID);
  if (collection === undefined) return null;
  const limit = Math.min(positiveInt(props.limit) ?? WIDGET_MAX_ITEMS, WIDGET_MAX_ITEMS);
  const rows = await listCollectionRecordRows(ctx.db, { collectionID }, { offset: 0, limit });
  const items: FeaturedItem[] = [];
  for (const row of rows) {
    const record = await loadRecord(ctx, row);
    const item = record === null ? null : toItem(ctx, row.recordType, row.recordID, record);
    if (item !== null) items.push(item);
  }
  if (items.length === 0) return null;
  const title =
    typeof props.title === 'string' && props.title !== '' ? props.title : collection.name;
  return { title, collectionID, items };
};
