import type { ReasonFragment } from '../../../../common/src/api/reports.ts';
import type { ReasonRow } from './report-reasons.repo.ts';

/** A reason as the fragment inside reports and `reportMeta` (api-contract §27.3). */
export function presentReasonFragment(row: ReasonRow): ReasonFragment {
  return {
    reportReasonID: row.reportReasonID,
    name: row.name,
    description: row.description,
    sort: row.sort,
    deleted: row.deleted,
    isSystem: row.isSystem,
  };
}
