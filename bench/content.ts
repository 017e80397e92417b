/** Generated forum text: discussion titles and markdown bodies of varied length and markup. */
import { pick } from './scales.ts';

const subjects = [
  'the nightly build', 'SQLite backups', 'the reverse proxy', 'dark mode', 'e-mail digests', 'our Raspberry Pi cluster',
  'the plugin API', 'category permissions', 'markdown tables', 'image uploads', 'the mobile layout', 'search ranking',
  'PostgreSQL upgrades', 'the release checklist', 'keyboard shortcuts', 'translation workflow', 'rate limiting',
  'the onboarding guide', 'webhooks', 'Docker Compose', 'the CSV export', 'time zones', 'accessibility audits',
  'the community calendar', 'two-factor sign-in', 'moderation queues', 'the theme editor', 'notification e-mails',
];
const openers = [
  'How do I configure', 'Best practices for', 'Problem with', 'Ideas to improve', 'Question about', 'Migrating',
  'Weekly thread:', 'Proposal: simplify', 'Troubleshooting', 'Show and tell:', 'Performance of', 'Documentation for',
  'Has anyone automated', 'Feedback wanted on', 'Bug report:', 'Roadmap discussion:',
];
const closers = ['', '', '?', ' after the upgrade', ' on a small server', ' for large communities', ' (solved)', ' in 2026', ' — any tips?'];

export function discussionName(random: () => number): string {
  const name = `${pick(random, openers)} ${pick(random, subjects)}${pick(random, closers)}`;
  return name.length > 100 ? name.slice(0, 100) : name;
}

const sentences = [
  'I have been running the forum for a couple of years now and this is the first time it broke.',
  'The logs show nothing unusual, but the page takes several seconds to appear for some visitors.',
  'After reading the documentation twice I am still not sure which setting controls this.',
  'We tried the obvious fix first, restarting the service, and it helped for about a day.',
  'Our members mostly read on their phones, so the mobile layout matters more than anything else.',
  'A colleague suggested moving the database to a separate machine, which feels premature.',
  'Thanks to everyone who answered in the previous thread, the advice about indexes was spot on.',
  'The release notes mention a change in this area, but they do not say what to migrate.',
  'If you have a working example I would love to see it, even a rough one.',
  'For what it is worth, the same setup works fine on our staging server with a copy of the data.',
  'I measured it with the browser tools: most of the time is spent waiting for the first byte.',
  'Please keep replies on topic; the general chatter thread is the better place for the rest.',
  'This is a long-standing request from the moderators and we finally have time to look at it.',
  'The short answer is yes, but there are a few caveats worth knowing before you start.',
  'We ended up writing a small script that runs every night and mails a summary to the team.',
  'Does anyone know whether this also applies to private categories, or only public ones?',
];

const codeSamples = [
  '```sh\nnpm run build\nNODE_ENV=production node server/src/main.ts\n```',
  '```json\n{ "floodControl.comments.count": 5, "floodControl.comments.seconds": 60 }\n```',
  '```sql\nselect "discussionID", "countComments" from discussions order by "dateLastComment" desc limit 30;\n```',
  '```ts\nconst response = await fetch("/api/v2/discussions?limit=30");\nconsole.log(await response.json());\n```',
];

function paragraph(random: () => number): string {
  const count = 1 + Math.floor(random() * 4);
  const parts: string[] = [];
  for (let index = 0; index < count; index += 1) parts.push(pick(random, sentences));
  return parts.join(' ');
}

/** One markdown body: `size` 0 short (a line), 1 medium, 2 long (lists, code, quotes, links). */
export function markdownBody(random: () => number, size: 0 | 1 | 2): string {
  if (size === 0) return pick(random, sentences);
  const blocks: string[] = [];
  const paragraphs = size === 1 ? 1 + Math.floor(random() * 2) : 3 + Math.floor(random() * 4);
  for (let index = 0; index < paragraphs; index += 1) {
    blocks.push(paragraph(random));
    const roll = random();
    if (size === 2 && roll < 0.25) blocks.push(pick(random, codeSamples));
    else if (roll < 0.4) blocks.push(`- ${pick(random, subjects)}\n- ${pick(random, subjects)}\n- **${pick(random, subjects)}**`);
    else if (roll < 0.5) blocks.push(`> ${pick(random, sentences)}`);
    else if (roll < 0.6) blocks.push(`See [the guide](https://example.com/docs/${index}) and *${pick(random, subjects)}*.`);
  }
  return blocks.join('\n\n');
}
