/** The job that publishes one scheduled draft at its `dateScheduled` (drafts.publish.ts). */
export const PUBLISH_SCHEDULED_DRAFT_JOB = 'publishScheduledDraft';
