import type { Media } from '../../../../common/src/api/media.ts';
import { toApiDate } from '../../platform/dates.ts';
import { uploadUrl } from '../../platform/uploads.ts';
import type { MediaRow } from './media.repo.ts';

/** A media row as the API's Media (api-contract §18). */
export function presentMedia(row: MediaRow, baseUrl: string): Media {
  const url = uploadUrl(baseUrl, row.path);
  return {
    mediaID: row.mediaID,
    url,
    name: row.name,
    type: row.type,
    size: row.size,
    width: row.width,
    height: row.height,
    displaySize: 'large',
    float: 'none',
    downloadUrl: url,
    dateInserted: toApiDate(row.dateInserted),
    insertUserID: row.insertUserID,
    foreignType: row.foreignType,
    foreignID: row.foreignID,
  };
}
