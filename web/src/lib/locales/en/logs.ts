/** English strings of the change-log screens and the ban dialog (merged into the en pack by ../en.ts). */
export const logsEn: Readonly<Record<string, string>> = {
  'Revision History': 'Revision History',
  'Deleted Comments': 'Deleted Comments',
  'No deleted comments.': 'No deleted comments.',
  'No earlier versions.': 'No earlier versions.',
  'Restored.': 'Restored.',
  Restore: 'Restore',
  'Restore version {logID}': 'Restore version {logID}',
  'Deleted by {name}': 'Deleted by {name}',
  'Changed by {name}': 'Changed by {name}',
  'Edited by {name}': 'Edited by {name}',
  'Author: {name}': 'Author: {name}',
  'Changes from this version to the next': 'Changes from this version to the next',
};
