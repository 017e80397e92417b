/** English strings of the escalations screens (merged into the en pack by ../en.ts). */
export const escalationsEn: Readonly<Record<string, string>> = {
  Escalations: 'Escalations',
  Escalation: 'Escalation',
  'All escalations': 'All escalations',
  'Open and in progress': 'Open and in progress',
  'No escalations here.': 'No escalations here.',
  Open: 'Open',
  'In Progress': 'In Progress',
  'On Hold': 'On Hold',
  Done: 'Done',
  'Assigned to {name}': 'Assigned to {name}',
  Unassigned: 'Unassigned',
  'Assign to me': 'Assign to me',
  Unassign: 'Unassign',
  'Restore post': 'Restore post',
  Removed: 'Removed',
  Record: 'Record',
};
