// npm run db:migrate: apply schema/migrations to DATABASE_URL (a Turso database for the
// Workers deployment; the embedded server migrates itself at start).
import { createClient } from '@libsql/client';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { createDatabase } from '../db.ts';
import { MIGRATIONS_FOLDER } from '../embedded.ts';

const url = process.env.DATABASE_URL || `file:${process.env.DATA_DIR || './data'}/portal.db`;
const client = createClient({ url, authToken: process.env.DATABASE_AUTH_TOKEN || undefined });
await migrate(createDatabase(client), { migrationsFolder: MIGRATIONS_FOLDER });
client.close();
console.log('Migrations applied.');
