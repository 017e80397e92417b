/** English strings of the categories screens and widgets (merged into the en pack by ../en.ts). */
export const categoriesEn: Readonly<Record<string, string>> = {
  Archived: 'Archived',
  'Most recent:': 'Most recent:',
  by: 'by',
  'No categories were found.': 'No categories were found.',
  Subcategories: 'Subcategories',
  'Subcategories of {name}': 'Subcategories of {name}',
  '{count} discussions': '{count} discussions',
  '{count} comments': '{count} comments',
  '{count} posts': '{count} posts',
  '{count} followers': '{count} followers',
  Follow: 'Follow',
  Following: 'Following',
  'Include in email digest': 'Include in email digest',
  'Notify me of new content': 'Notify me of new content',
  'View Category': 'View Category',
  'New posts': 'New posts',
};
