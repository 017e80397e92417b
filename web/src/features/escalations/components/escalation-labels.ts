import type { EscalationStatus } from '../../../../../common/src/api/escalations.ts';
import { t } from '../../../lib/i18n.ts';

const statusLabels: Record<EscalationStatus, string> = {
  open: 'Open',
  'in-progress': 'In Progress',
  'on-hold': 'On Hold',
  done: 'Done',
};

/** An escalation status as the screens show it. */
export function escalationStatusLabel(status: EscalationStatus): string {
  return t(statusLabels[status]);
}
