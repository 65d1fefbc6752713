// Keys for machines (issue 40): the bureau's billing system reads applications and enrolments
// and sets an enrolment's status and provider number with a key a staff member created. Only
// the key's SHA-256 is kept (the key itself is shown once); a key is revoked, never deleted, so
// the security log's entries about it keep their meaning. Re-exported by db.ts.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });

export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** The key's first characters, shown in the list so staff can tell keys apart. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole key, hex. */
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes', { mode: 'json' }).$type<string[]>().notNull(),
    /** The staff account that created it: the key acts in its name, and its owner is recorded. */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    revokedAt: timestamp('revoked_at'),
    lastUsedAt: timestamp('last_used_at'),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_idx').on(t.keyHash),
    index('api_keys_created_idx').on(t.createdAt),
  ],
);
