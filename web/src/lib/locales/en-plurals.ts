/**
 * English plural forms of the counted UI strings, keyed by their `other` form (the key every
 * `t()` call uses). Unlike the rest of the English pack this ships: `t()` needs the `one` form
 * to say "1 comment". A translation pack gives its locale's forms (`one`, `few`, `many`…) for the
 * same keys.
 */
export const enPlurals: Readonly<Record<string, { one: string; other: string }>> = {
  '{count} comments': { one: '{count} comment', other: '{count} comments' },
  '{count} Comments': { one: '{count} Comment', other: '{count} Comments' },
  '{count} views': { one: '{count} view', other: '{count} views' },
  '{count} new messages': { one: '{count} new message', other: '{count} new messages' },
  '{count} discussions': { one: '{count} discussion', other: '{count} discussions' },
  '{count} results': { one: '{count} result', other: '{count} results' },
  '{count}+ results': { one: '{count}+ result', other: '{count}+ results' },
  '{count} posts': { one: '{count} post', other: '{count} posts' },
  '{count} followers': { one: '{count} follower', other: '{count} followers' },
  '{count} reports': { one: '{count} report', other: '{count} reports' },
  '{count} users': { one: '{count} user', other: '{count} users' },
  'Show {count} more replies': {
    one: 'Show {count} more reply',
    other: 'Show {count} more replies',
  },
  '{count} minutes left': { one: '{count} minute left', other: '{count} minutes left' },
  'You can edit this for {count} more minutes.': {
    one: 'You can edit this for {count} more minute.',
    other: 'You can edit this for {count} more minutes.',
  },
  'You can edit this for {count} more seconds.': {
    one: 'You can edit this for {count} more second.',
    other: 'You can edit this for {count} more seconds.',
  },
  '{count} suggestions. Use the arrow keys to choose, Enter to insert.': {
    one: '{count} suggestion. Use the arrow keys to choose, Enter to insert.',
    other: '{count} suggestions. Use the arrow keys to choose, Enter to insert.',
  },
  'At least {count} characters.': {
    one: 'At least {count} character.',
    other: 'At least {count} characters.',
  },
  'Press Enter to add a tag. Up to {count} tags.': {
    one: 'Press Enter to add a tag. Up to {count} tag.',
    other: 'Press Enter to add a tag. Up to {count} tags.',
  },
  'Choose from the existing tags. Up to {count} tags.': {
    one: 'Choose from the existing tags. Up to {count} tag.',
    other: 'Choose from the existing tags. Up to {count} tags.',
  },
  'You cannot add more than {count} tags.': {
    one: 'You cannot add more than {count} tag.',
    other: 'You cannot add more than {count} tags.',
  },
  'Move {count} discussions': { one: 'Move {count} discussion', other: 'Move {count} discussions' },
  '{count} discussions moved.': {
    one: '{count} discussion moved.',
    other: '{count} discussions moved.',
  },
  '{count} discussions merged.': {
    one: '{count} discussion merged.',
    other: '{count} discussions merged.',
  },
  '{count} discussions closed.': {
    one: '{count} discussion closed.',
    other: '{count} discussions closed.',
  },
  '{count} discussions deleted.': {
    one: '{count} discussion deleted.',
    other: '{count} discussions deleted.',
  },
  'Are you sure you want to close {count} discussions?': {
    one: 'Are you sure you want to close {count} discussion?',
    other: 'Are you sure you want to close {count} discussions?',
  },
  'Are you sure you want to delete {count} discussions forever?': {
    one: 'Are you sure you want to delete {count} discussion forever?',
    other: 'Are you sure you want to delete {count} discussions forever?',
  },
  '{count} discussions and their comments will be deleted. This cannot be undone.': {
    one: '{count} discussion and its comments will be deleted. This cannot be undone.',
    other: '{count} discussions and their comments will be deleted. This cannot be undone.',
  },
  'Are you sure you want to delete {count} comments?': {
    one: 'Are you sure you want to delete {count} comment?',
    other: 'Are you sure you want to delete {count} comments?',
  },
  '{count} comments deleted.': {
    one: '{count} comment deleted.',
    other: '{count} comments deleted.',
  },
  '{count} comments selected': {
    one: '{count} comment selected',
    other: '{count} comments selected',
  },
  '{count} comments split into a new discussion.': {
    one: '{count} comment split into a new discussion.',
    other: '{count} comments split into a new discussion.',
  },
};
