/**
 * The believable community `npm run demo` writes: people, a category tree, discussions of each
 * type with threaded replies, reactions, tags and bookmarks. Plain data; scripts/demo.ts posts it
 * through the API so every rule (rendering, counters, permissions) applies.
 */

export interface DemoUser {
  name: string;
  role: 'member' | 'moderator' | 'administrator';
  title?: string;
}

export interface DemoCategory {
  key: string;
  name: string;
  urlcode: string;
  description: string;
  parent?: string;
  displayAs?: 'discussions' | 'categories' | 'flat' | 'heading';
  allowedDiscussionTypes?: string[];
  /** Only moderators and administrators can see it. */
  staffOnly?: boolean;
}

export interface DemoComment {
  author: string;
  body: string;
  /** Days after the discussion started. */
  afterDays: number;
  reactions?: Record<string, string>;
  replies?: DemoComment[];
}

export interface DemoDiscussion {
  category: string;
  author: string;
  type?: 'discussion' | 'question';
  name: string;
  format: 'markdown' | 'rich2' | 'text';
  body: string;
  tags?: string[];
  /** Days before today that it started. */
  daysAgo: number;
  pinned?: boolean;
  closed?: boolean;
  reactions?: Record<string, string>;
  bookmarkedBy?: string[];
  comments?: DemoComment[];
}

export const demoUsers: DemoUser[] = [
  { name: 'marta', role: 'moderator', title: 'Community Lead' },
  { name: 'jonas', role: 'moderator', title: 'Moderator' },
  { name: 'alice', role: 'member' },
  { name: 'bilal', role: 'member' },
  { name: 'chen', role: 'member' },
  { name: 'dana', role: 'member' },
  { name: 'emeka', role: 'member' },
  { name: 'farah', role: 'member' },
  { name: 'gus', role: 'member' },
  { name: 'hana', role: 'member' },
];

export const demoCategories: DemoCategory[] = [
  {
    key: 'start',
    name: 'Getting Started',
    urlcode: 'getting-started',
    description: 'New here? Say hello, read the house rules and find your way around.',
  },
  {
    key: 'intro',
    name: 'Introductions',
    urlcode: 'introductions',
    description: 'Tell us who you are and what brings you to the workshop.',
    parent: 'start',
  },
  {
    key: 'help',
    name: 'Help & Support',
    urlcode: 'help',
    description: 'Stuck on a project? Ask a question and mark the answer that worked.',
    parent: 'start',
    allowedDiscussionTypes: ['discussion', 'question'],
  },
  {
    key: 'projects',
    name: 'Projects',
    urlcode: 'projects',
    description: 'Builds, restorations and works in progress.',
    displayAs: 'categories',
  },
  {
    key: 'show',
    name: 'Show & Tell',
    urlcode: 'show-and-tell',
    description: 'Finished something? Show it off, with photos.',
    parent: 'projects',
  },
  {
    key: 'wip',
    name: 'Works in Progress',
    urlcode: 'works-in-progress',
    description: 'Build logs you update as you go.',
    parent: 'projects',
  },
  {
    key: 'tools',
    name: 'Tools & Materials',
    urlcode: 'tools',
    description: 'Hand tools, power tools, timber, finishes and where to buy them.',
  },
  {
    key: 'offtopic',
    name: 'Off Topic',
    urlcode: 'off-topic',
    description: 'Everything else. Be kind.',
  },
  {
    key: 'staff',
    name: 'Staff Lounge',
    urlcode: 'staff-lounge',
    description: 'Moderators only: reports, rules and planning.',
    staffOnly: true,
  },
];

export const demoTags = ['beginner', 'hand-tools', 'finishing', 'joinery', 'restoration', 'safety'];

const welcomeRich2 = JSON.stringify([
  { type: 'h2', children: [{ text: 'Welcome to the Workshop' }] },
  {
    type: 'p',
    children: [
      { text: 'This is a place for people who make things out of wood, metal and stubbornness. ' },
      { text: 'Be generous with what you know', bold: true },
      { text: ' and patient with people who are just starting.' },
    ],
  },
  {
    type: 'ul',
    children: [
      { type: 'li', children: [{ type: 'lic', children: [{ text: 'Search before you ask: most questions have been answered.' }] }] },
      { type: 'li', children: [{ type: 'lic', children: [{ text: 'Post photos. We love photos.' }] }] },
      {
        type: 'li',
        children: [
          {
            type: 'lic',
            children: [
              { text: 'Read the ' },
              { type: 'a', url: '/categories/help', children: [{ text: 'Help & Support' }] },
              { text: ' category for the basics.' },
            ],
          },
        ],
      },
    ],
  },
  {
    type: 'blockquote',
    children: [{ type: 'p', children: [{ text: 'Measure twice, cut once, post about it three times.', italic: true }] }],
  },
  {
    type: 'p',
    children: [
      { text: 'Questions about the forum itself? Ask ' },
      { type: '@', userID: 0, name: 'marta', children: [{ text: '' }] },
      { text: ' or any moderator.' },
    ],
  },
]);

export const demoDiscussions: DemoDiscussion[] = [
  {
    category: 'start',
    author: 'marta',
    name: 'Welcome! Start here',
    format: 'rich2',
    body: welcomeRich2,
    daysAgo: 120,
    pinned: true,
    reactions: { alice: 'Like', bilal: 'Like', chen: 'Awesome', dana: 'Like', hana: 'Like', gus: 'Insightful' },
    comments: [
      { author: 'alice', afterDays: 1, body: 'Thanks for setting this up, Marta. Happy to be here!' },
      { author: 'gus', afterDays: 3, body: 'Is there a place for metalwork, or does that go in Projects too?', replies: [
        { author: 'marta', afterDays: 3, body: 'Projects for now. If there is enough interest we will give metalwork its own category.' },
      ] },
    ],
  },
  {
    category: 'intro',
    author: 'alice',
    name: 'Hi from a first-time furniture maker',
    format: 'markdown',
    body: "I'm Alice, I live in a flat with a balcony that is now **90% sawdust**.\n\nSo far I've built:\n\n1. A step stool (wobbly)\n2. A second step stool (less wobbly)\n3. A bookshelf I'm actually proud of\n\nLooking forward to learning from you all.",
    tags: ['beginner'],
    daysAgo: 96,
    reactions: { marta: 'Like', chen: 'Like', bilal: 'Support' },
    comments: [
      { author: 'chen', afterDays: 0.2, body: 'Welcome! The second stool is always the one that teaches you the most.', reactions: { alice: 'Lol' } },
      { author: 'marta', afterDays: 0.5, body: 'Welcome aboard. Post the bookshelf in Show & Tell, we want to see it.', replies: [
        { author: 'alice', afterDays: 0.6, body: 'Will do once I get decent light for photos.' },
      ] },
    ],
  },
  {
    category: 'intro',
    author: 'emeka',
    name: 'Retired engineer, new to hand tools',
    format: 'markdown',
    body: 'Forty years of CAD and I had never sharpened a chisel. Fixing that now. Any book recommendations for someone who likes to understand *why* things work?',
    tags: ['beginner', 'hand-tools'],
    daysAgo: 60,
    comments: [
      { author: 'farah', afterDays: 0.3, body: '"The Anarchist\'s Tool Chest" is opinionated but explains the why of almost every tool.', reactions: { emeka: 'Insightful', hana: 'Agree' } },
      { author: 'jonas', afterDays: 1, body: 'Also look at Bruce Hoadley\'s "Understanding Wood". It is the engineer\'s book.', reactions: { emeka: 'Insightful' } },
    ],
  },
  {
    category: 'help',
    author: 'bilal',
    type: 'question',
    name: 'Why does my oil finish stay sticky after a week?',
    format: 'markdown',
    body: 'I wiped on three coats of boiled linseed oil on a walnut tray. It has been **eight days** and it is still tacky in places.\n\n- Room is about 16 °C\n- I waited 24 h between coats\n- I did not wipe off the excess (oops?)\n\nCan I rescue it?',
    tags: ['finishing'],
    daysAgo: 30,
    reactions: { dana: 'Up', chen: 'Up', gus: 'Up' },
    bookmarkedBy: ['alice', 'dana'],
    comments: [
      { author: 'farah', afterDays: 0.1, body: 'Not wiping off the excess is the culprit. Scrub it with mineral spirits on a rag, let it dry a couple of days somewhere warm, then do very thin coats and wipe off after 15 minutes.', reactions: { bilal: 'Up', chen: 'Up', dana: 'Up', marta: 'Insightful' }, replies: [
        { author: 'bilal', afterDays: 0.4, body: 'That did it. Thank you! It is dry to the touch now.', reactions: { farah: 'Like' } },
        { author: 'chen', afterDays: 0.5, body: 'Also 16 °C is cold for oil. Curing slows a lot under 18.', replies: [
          { author: 'bilal', afterDays: 0.6, body: 'Good to know, the garage is freezing in winter.' },
        ] },
      ] },
      { author: 'gus', afterDays: 1, body: 'For next time: shellac dries in minutes and is much more forgiving on small pieces.' },
    ],
  },
  {
    category: 'help',
    author: 'dana',
    type: 'question',
    name: 'Cheapest way to get a flat reference surface?',
    format: 'text',
    body: 'I need something flat to tune plane soles and check glue-ups. Granite plates are expensive here. What do you use?',
    tags: ['hand-tools', 'beginner'],
    daysAgo: 14,
    comments: [
      { author: 'emeka', afterDays: 0.2, body: 'A piece of float glass from a glazier. Flat to well under a tenth of a millimetre and costs little.' },
      { author: 'jonas', afterDays: 0.3, body: 'Kitchen countertop offcuts (quartz) from a fabricator. Ask for a sink cut-out, they often give them away.', reactions: { dana: 'Awesome' } },
    ],
  },
  {
    category: 'show',
    author: 'chen',
    name: 'Walnut and maple cutting boards for the family',
    format: 'markdown',
    body: 'Six end-grain boards for the holidays. Took far longer than planned (it always does).\n\nLessons:\n\n> Flatten end grain with a router sled, not a planer. Ask me how I know.\n\nFinished with mineral oil and beeswax.',
    tags: ['finishing', 'joinery'],
    daysAgo: 45,
    reactions: { alice: 'Awesome', bilal: 'Awesome', dana: 'Like', emeka: 'Like', farah: 'Awesome', gus: 'Like', hana: 'Awesome', marta: 'Promote' },
    bookmarkedBy: ['hana'],
    comments: [
      { author: 'hana', afterDays: 0.1, body: 'These are gorgeous. What glue did you use for end grain?', replies: [
        { author: 'chen', afterDays: 0.2, body: 'Titebond III, clamped overnight. No failures so far.' },
      ] },
      { author: 'alice', afterDays: 0.5, body: 'Ask me how I know 😂 I have a planer with a chipped blade for the same reason.', reactions: { chen: 'Lol' } },
    ],
  },
  {
    category: 'wip',
    author: 'farah',
    name: 'Build log: a Shaker side table in cherry',
    format: 'markdown',
    body: 'Starting a Shaker-style side table with a single drawer. I will update this thread as I go.\n\n## Plan\n\n- Tapered legs, mortise and tenon aprons\n- Dovetailed drawer, half-blind at the front\n- Shellac and wax finish\n\nFirst job: milling the legs from 8/4 stock.',
    tags: ['joinery', 'hand-tools'],
    daysAgo: 21,
    reactions: { emeka: 'Like', dana: 'Like' },
    bookmarkedBy: ['emeka', 'alice'],
    comments: [
      { author: 'farah', afterDays: 2, body: 'Legs are milled and tapered. Tapering jig on the table saw worked well, two passes per leg.' },
      { author: 'emeka', afterDays: 2.5, body: 'How are you cutting the mortises? Chisel or a machine?', replies: [
        { author: 'farah', afterDays: 2.7, body: 'Chisel, 1/4" mortise chisel. Slow but quiet, and my neighbours like me.' },
      ] },
      { author: 'farah', afterDays: 6, body: 'Aprons fitted. Dry assembly is square within a millimetre over the diagonal. Drawer next.' },
      { author: 'dana', afterDays: 6.5, body: 'Following along. Lovely grain on that top.' },
    ],
  },
  {
    category: 'tools',
    author: 'gus',
    name: 'Japanese pull saw or western back saw for a first saw?',
    format: 'markdown',
    body: 'Budget for one good saw. I mostly want to cut tenons and the occasional dovetail. Pull saw or push saw?',
    tags: ['hand-tools', 'beginner', 'joinery'],
    daysAgo: 9,
    reactions: { alice: 'Like' },
    comments: [
      { author: 'jonas', afterDays: 0.1, body: 'Pull saw. Cheaper, cuts easier for a beginner, and replacement blades mean no sharpening.', reactions: { gus: 'Agree', alice: 'Agree' } },
      { author: 'emeka', afterDays: 0.3, body: 'Western saw if you want to learn sharpening; it lasts a lifetime. But I agree for a first saw: pull saw.', reactions: { gus: 'Agree' } },
      { author: 'hana', afterDays: 1, body: 'A ryoba gives you rip and crosscut teeth on one blade. Great first saw.', reactions: { gus: 'Insightful', farah: 'Agree' } },
    ],
  },
  {
    category: 'tools',
    author: 'hana',
    name: 'Dust collection in a small shop: what actually works',
    format: 'markdown',
    body: 'After a year of fighting dust in a single-car garage, here is what helped, in order of value:\n\n1. A cyclone separator on a shop vac\n2. An air filter made from a box fan and four MERV-13 filters\n3. Sweeping, not blowing\n\nWhat did I miss?',
    tags: ['safety'],
    daysAgo: 5,
    reactions: { marta: 'Insightful', bilal: 'Like', gus: 'Like' },
    bookmarkedBy: ['gus', 'bilal'],
    comments: [
      { author: 'bilal', afterDays: 0.2, body: 'A proper respirator for sanding days. Filters catch what is in the air after you have breathed it.', reactions: { hana: 'Agree', marta: 'Agree' } },
    ],
  },
  {
    category: 'offtopic',
    author: 'alice',
    name: 'What are you listening to in the shop?',
    format: 'text',
    body: 'Podcasts, music, silence? I have been on an audiobook streak.',
    daysAgo: 3,
    comments: [
      { author: 'chen', afterDays: 0.1, body: 'Old jazz records. The crackle covers the sound of my mistakes.', reactions: { alice: 'Lol', gus: 'Lol' } },
      { author: 'gus', afterDays: 0.2, body: 'Ear protection and my own thoughts. Planer is loud.' },
    ],
  },
  {
    category: 'offtopic',
    author: 'bilal',
    name: 'Favourite wood smell? (serious question)',
    format: 'text',
    body: 'Cedar wins for me. Fight me.',
    daysAgo: 1,
    closed: true,
    comments: [
      { author: 'dana', afterDays: 0.1, body: 'Freshly cut cherry. Sweet and a little like almonds.' },
    ],
  },
  {
    category: 'staff',
    author: 'jonas',
    name: 'Moderation notes for this month',
    format: 'markdown',
    body: 'Two spam accounts removed. No open reports. Idea: a monthly build challenge pinned in Projects?',
    daysAgo: 4,
    comments: [{ author: 'marta', afterDays: 0.5, body: 'Yes to the challenge. Let us draft the rules next week.' }],
  },
];
