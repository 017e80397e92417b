/** English strings of the layouts screens and widgets (merged into the en pack by ../en.ts). */
export const layoutsEn: Readonly<Record<string, string>> = {
  Breadcrumb: 'Breadcrumb',
  Sidebar: 'Sidebar',
  Pagination: 'Pagination',
  Previous: 'Previous',
  Next: 'Next',
  Go: 'Go',
  'of {count}': 'of {count}',
  'Popular Tags': 'Popular Tags',
  'New Discussion': 'New Discussion',
  'New Question': 'New Question',
  // Record types of the not-found page ('{type} Not Found').
  Discussion: 'Discussion',
  Category: 'Category',
  Comment: 'Comment',
  // The /home/leaving interstitial.
  'Leaving {site}': 'Leaving {site}',
  'You are about to leave {site} for {host}.': 'You are about to leave {site} for {host}.',
  'The page you are going to is not part of this community. Continue only if you trust it.':
    'The page you are going to is not part of this community. Continue only if you trust it.',
  'Go back': 'Go back',
  'Invalid link': 'Invalid link',
  'This link cannot be opened.': 'This link cannot be opened.',
};
