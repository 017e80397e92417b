import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

interface SeedType {
  urlcode: string;
  name: string;
  class: 'Positive' | 'Negative' | 'Flag';
  reactionValue: number;
  points: number;
  permission: string | null;
  description: string;
}

// The thirteen types of spec 000 §3 with the classes, points and descriptions of Vanilla's
// Reactions add-on (its structure.php): OffTopic and WTF are Negative there, Flag is left to
// types an administrator moves into it. Only Up and Down carry a reactionValue (they move score).
const seedTypes: readonly SeedType[] = [
  { urlcode: 'Promote', name: 'Promote', class: 'Positive', reactionValue: 0, points: 5, permission: 'curation.manage', description: 'Moderators have the ability to promote the best posts in the community. This way they can be featured for new visitors.' },
  { urlcode: 'OffTopic', name: 'Off Topic', class: 'Negative', reactionValue: 0, points: 0, permission: null, description: 'Off topic posts are not relevant to the topic being discussed.' },
  { urlcode: 'Insightful', name: 'Insightful', class: 'Positive', reactionValue: 0, points: 1, permission: null, description: 'Insightful comments bring new information or perspective to the discussion and increase the value of the conversation as a whole.' },
  { urlcode: 'Disagree', name: 'Disagree', class: 'Negative', reactionValue: 0, points: 0, permission: null, description: 'Users that disagree with a post can give their opinion with this reaction.' },
  { urlcode: 'Agree', name: 'Agree', class: 'Positive', reactionValue: 0, points: 1, permission: null, description: 'Users that agree with a post can give their opinion with this reaction.' },
  { urlcode: 'Dislike', name: 'Dislike', class: 'Negative', reactionValue: 0, points: 0, permission: null, description: 'A dislike is a general disapproval of a post.' },
  { urlcode: 'Like', name: 'Like', class: 'Positive', reactionValue: 0, points: 1, permission: null, description: 'A like is a general approval of a post.' },
  { urlcode: 'Down', name: 'Vote Down', class: 'Negative', reactionValue: -1, points: 0, permission: null, description: 'A down vote is a general disapproval of a post. Enough down votes will bury a post.' },
  { urlcode: 'Up', name: 'Vote Up', class: 'Positive', reactionValue: 1, points: 1, permission: null, description: 'An up vote is a general approval of a post. Enough up votes will promote a post.' },
  { urlcode: 'Support', name: 'Support', class: 'Positive', reactionValue: 0, points: 1, permission: null, description: 'Support shows the author that you are with them.' },
  { urlcode: 'Awesome', name: 'Awesome', class: 'Positive', reactionValue: 0, points: 1, permission: null, description: 'Awesome posts amaze you. You want to repeat them to your friends and remember them later.' },
  { urlcode: 'Lol', name: 'LOL', class: 'Positive', reactionValue: 0, points: 0, permission: null, description: 'For posts that make you laugh out loud.' },
  { urlcode: 'Wtf', name: 'WTF', class: 'Negative', reactionValue: 0, points: 0, permission: null, description: 'You usually react this way when a post makes absolutely no sense.' },
];

/**
 * The reaction types of spec 000 §3, each anchored by a tag of type 'Reaction' (one ID space with
 * user tags, as in Vanilla). Tag URL codes become unique per type, so a member may still create a
 * user tag "like" next to the Like reaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = dialectOf(db) === 'postgres';
  await sql`drop index "tags_urlcode"`.execute(db);
  await sql`create unique index "tags_type_urlcode" on "tags" ("type", lower("urlcode"))`.execute(db);
  await db.schema.alterTable('reactionTypes').addColumn('permission', 'text').execute();

  const now = isPostgres ? sql`now()` : sql`${new Date().toISOString()}`;
  for (const [index, type] of seedTypes.entries()) {
    const inserted = await sql<{ tagID: number }>`
      insert into "tags" ("name", "urlcode", "type", "countDiscussions", "dateInserted")
      values (${type.name}, ${type.urlcode}, 'Reaction', 0, ${now})
      returning "tagID"`.execute(db);
    const tagID = inserted.rows[0]?.tagID;
    if (tagID === undefined) throw new Error(`Could not create the tag of reaction ${type.urlcode}`);
    await sql`
      insert into "reactionTypes"
        ("tagID", "urlcode", "name", "description", "class", "points", "reactionValue", "sort", "active", "hidden", "permission")
      values
        (${tagID}, ${type.urlcode}, ${type.name}, ${type.description}, ${type.class}, ${type.points},
         ${type.reactionValue}, ${index}, ${isPostgres ? sql`true` : sql`1`}, ${isPostgres ? sql`false` : sql`0`},
         ${type.permission})`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
