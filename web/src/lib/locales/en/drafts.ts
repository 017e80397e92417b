/** English strings of drafts, autosave and scheduling (merged into the en pack by ../en.ts). */
export const draftsEn: Readonly<Record<string, string>> = {
  'This draft was also changed somewhere else.': 'This draft was also changed somewhere else.',
  'This browser’s version': 'This browser’s version',
  'Saved version': 'Saved version',
  'Keep this version': 'Keep this version',
  'Use the saved version': 'Use the saved version',
  'Saving draft…': 'Saving draft…',
  'Offline: your draft is kept in this browser and saved when you are back online.':
    'Offline: your draft is kept in this browser and saved when you are back online.',
  'The draft could not be saved; it is kept in this browser.': 'The draft could not be saved; it is kept in this browser.',
  'Draft saved': 'Draft saved',
};
