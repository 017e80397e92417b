import {
  REASON_EXISTS_MESSAGE,
  type CreateReportReasonBody,
  type PatchReportReasonBody,
  type ReportReason,
} from '../../../../common/src/api/reports.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { nowIso } from '../../platform/dates.ts';
import { AppError, fieldError, notFound, permissionError } from '../../platform/errors.ts';
import {
  countReportsByReason,
  deleteReasonRow,
  findNextReasonSort,
  findReasonByID,
  findReasonIDCaseInsensitive,
  findReasons,
  findRoleNames,
  findUserRoleIDs,
  insertReason,
  markReasonDeleted,
  updateReason,
  updateReasonSorts,
  type ReasonRow,
} from './report-reasons.repo.ts';
import { presentReasonFragment } from './report-reasons.present.ts';
import { isReasonUsed } from './reports.repo.ts';
import {
  canManageReasons,
  canReport,
  canSeeHiddenReasons,
  canSeeReasonCounts,
  canSortReasons,
  canUseReason,
  MODERATOR_PERMISSIONS,
} from './reports.policy.ts';

const REASON_NOT_FOUND = 'Report reason';

async function presentReasons(ctx: RequestContext, rows: readonly ReasonRow[]): Promise<ReportReason[]> {
  const roleNames = await findRoleNames(ctx.db, rows.flatMap((row) => row.roleIDs ?? []));
  const counts = canSeeReasonCounts(ctx.permissions) ? await countReportsByReason(ctx.db) : undefined;
  return rows.map((row) => ({
    ...presentReasonFragment(row),
    roleIDs: row.roleIDs,
    roles:
      row.roleIDs === null
        ? null
        : row.roleIDs.flatMap((roleID) => {
            const name = roleNames.get(roleID);
            return name === undefined ? [] : [{ roleID, name }];
          }),
    dateInserted: row.dateInserted,
    insertUserID: row.insertUserID,
    dateUpdated: row.dateUpdated,
    updateUserID: row.updateUserID,
    ...(counts ? { countReports: counts.get(row.reportReasonID) ?? 0 } : {}),
  }));
}

function assertReporter(ctx: RequestContext): void {
  authorize(canReport(ctx.permissions, ctx.actor.userID), { permissions: 'flag.add' });
}

function assertHiddenAllowed(ctx: RequestContext, options: { includeDeleted?: boolean | undefined; includeSystem?: boolean | undefined }): void {
  if ((options.includeDeleted || options.includeSystem) && !canSeeHiddenReasons(ctx.permissions))
    throw permissionError(MODERATOR_PERMISSIONS);
}

/** The reasons a caller may use (or, for moderators asking, see): api-contract §27.3. */
export async function reasonsOpenTo(
  ctx: RequestContext,
  options: { includeDeleted?: boolean | undefined; includeSystem?: boolean | undefined } = {},
): Promise<ReasonRow[]> {
  const roleIDs = await findUserRoleIDs(ctx.db, ctx.actor.userID);
  return (await findReasons(ctx.db)).filter(
    (row) =>
      (options.includeDeleted === true || !row.deleted) &&
      (options.includeSystem === true || !row.isSystem) &&
      canUseReason(ctx.permissions, roleIDs, row),
  );
}

/** `GET /report-reasons` (api-contract §27.3). @throws AppError 403 without `flag.add`. */
export async function listReportReasons(
  ctx: RequestContext,
  query: { includeDeleted?: boolean | undefined; includeSystem?: boolean | undefined },
): Promise<ReportReason[]> {
  assertReporter(ctx);
  assertHiddenAllowed(ctx, query);
  return presentReasons(ctx, await reasonsOpenTo(ctx, query));
}

/** `GET /report-reasons/{id}`. @throws AppError 404 "Report reason not found." */
export async function getReportReason(
  ctx: RequestContext,
  reportReasonID: string,
  query: { includeDeleted?: boolean | undefined },
): Promise<ReportReason> {
  assertReporter(ctx);
  assertHiddenAllowed(ctx, query);
  const found = (await reasonsOpenTo(ctx, { ...query, includeSystem: canSeeHiddenReasons(ctx.permissions) })).find(
    (row) => row.reportReasonID === reportReasonID,
  );
  if (!found) throw notFound(REASON_NOT_FOUND);
  const [presented] = await presentReasons(ctx, [found]);
  if (!presented) throw notFound(REASON_NOT_FOUND);
  return presented;
}

async function assertRolesExist(ctx: RequestContext, roleIDs: readonly number[] | undefined): Promise<void> {
  if (!roleIDs || roleIDs.length === 0) return;
  const names = await findRoleNames(ctx.db, roleIDs);
  const missing = roleIDs.find((roleID) => !names.has(roleID));
  if (missing !== undefined) throw fieldError('roleIDs', `Role ${String(missing)} does not exist.`, 422);
}

async function requireReason(ctx: RequestContext, reportReasonID: string): Promise<ReasonRow> {
  const row = await findReasonByID(ctx.db, reportReasonID);
  if (!row || row.deleted) throw notFound(REASON_NOT_FOUND);
  return row;
}

async function presentOneReason(ctx: RequestContext, reportReasonID: string): Promise<ReportReason> {
  const row = await findReasonByID(ctx.db, reportReasonID);
  const [presented] = row ? await presentReasons(ctx, [row]) : [];
  if (!presented) throw notFound(REASON_NOT_FOUND);
  return presented;
}

/**
 * `POST /report-reasons` (api-contract §27.3): `community.moderate`.
 * @throws AppError 409 "A reason with this API name already exists." with `conflictingReason`.
 */
export async function createReportReason(ctx: RequestContext, input: CreateReportReasonBody): Promise<ReportReason> {
  authorize(canManageReasons(ctx.permissions), { permissions: 'community.moderate' });
  const taken = await findReasonIDCaseInsensitive(ctx.db, input.reportReasonID);
  if (taken !== undefined) {
    throw new AppError(409, REASON_EXISTS_MESSAGE, {
      context: { conflictingReason: await presentOneReason(ctx, taken) },
    });
  }
  await assertRolesExist(ctx, input.roleIDs);
  await insertReason(ctx.db, {
    reportReasonID: input.reportReasonID,
    name: input.name,
    description: input.description,
    sort: input.sort ?? (await findNextReasonSort(ctx.db)),
    roleIDs: input.roleIDs && input.roleIDs.length > 0 ? [...new Set(input.roleIDs)] : null,
    insertUserID: ctx.actor.userID,
    dateInserted: nowIso(ctx.clock),
  });
  return presentOneReason(ctx, input.reportReasonID);
}

/** `PATCH /report-reasons/{id}`: `community.moderate`; system reasons are refused (403). */
export async function patchReportReason(
  ctx: RequestContext,
  reportReasonID: string,
  input: PatchReportReasonBody,
): Promise<ReportReason> {
  authorize(canManageReasons(ctx.permissions), { permissions: 'community.moderate' });
  const row = await requireReason(ctx, reportReasonID);
  if (row.isSystem) throw new AppError(403, 'System reasons cannot be changed.');
  await assertRolesExist(ctx, input.roleIDs);
  await updateReason(ctx.db, row.reportReasonID, {
    name: input.name,
    description: input.description,
    sort: input.sort,
    ...(input.roleIDs === undefined
      ? {}
      : { roleIDs: input.roleIDs.length > 0 ? [...new Set(input.roleIDs)] : null }),
    updateUserID: ctx.actor.userID,
    dateUpdated: nowIso(ctx.clock),
  });
  return presentOneReason(ctx, row.reportReasonID);
}

/**
 * `DELETE /report-reasons/{id}`: a reason used by reports, or a system reason, is only marked
 * deleted (old reports keep it); an unused one is removed.
 */
export async function deleteReportReason(ctx: RequestContext, reportReasonID: string): Promise<void> {
  authorize(canManageReasons(ctx.permissions), { permissions: 'community.moderate' });
  const row = await requireReason(ctx, reportReasonID);
  if (row.isSystem || (await isReasonUsed(ctx.db, row.reportReasonID)))
    await markReasonDeleted(ctx.db, row.reportReasonID, nowIso(ctx.clock), ctx.actor.userID);
  else await deleteReasonRow(ctx.db, row.reportReasonID);
}

/** `PUT /report-reasons/sorts`: `site.manage`; unknown IDs are ignored. */
export async function sortReportReasons(ctx: RequestContext, sorts: Record<string, number>): Promise<void> {
  authorize(canSortReasons(ctx.permissions), { permissions: 'site.manage' });
  await updateReasonSorts(ctx.db, new Map(Object.entries(sorts)));
}
