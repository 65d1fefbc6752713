// The kept statements of the busiest reads (decision 105) on their own connection: each read
// sees what was committed before it, including after an earlier read of the same statement,
// and the connection cannot write.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { localFileReads } from './local-file-reads.ts';

const dir = await mkdtemp(join(tmpdir(), 'portal-reads-'));
const path = join(dir, 'reads.db');
const client = createClient({ url: `file:${path}` });
await client.execute('PRAGMA journal_mode = WAL');
await client.execute('CREATE TABLE notes (key TEXT PRIMARY KEY, body TEXT NOT NULL)');
await client.execute("INSERT INTO notes VALUES ('a', 'first')");
const reads = localFileReads(path);

afterAll(async () => {
  reads.close();
  client.close();
  await rm(dir, { recursive: true, force: true });
});

const BODY = 'SELECT body FROM notes WHERE key = ?';

describe('prepared reads on a local file', () => {
  it('answers the first value, or undefined without a row', async () => {
    expect(await reads.firstValue(BODY, ['a'])).toBe('first');
    expect(await reads.firstValue(BODY, ['none'])).toBeUndefined();
  });

  it('sees every write committed since its last read of the same statement', async () => {
    expect(await reads.firstValue(BODY, ['a'])).toBe('first');
    await client.execute("UPDATE notes SET body = 'second' WHERE key = 'a'");
    expect(await reads.firstValue(BODY, ['a'])).toBe('second');
    await client.batch(["INSERT INTO notes VALUES ('b', 'new')"], 'write');
    expect(await reads.firstValue(BODY, ['b'])).toBe('new');
  });

  it('holds no snapshot between reads: a checkpoint empties the log', async () => {
    await reads.firstValue(BODY, ['a']);
    const [row] = (await client.execute('PRAGMA wal_checkpoint(TRUNCATE)')).rows;
    expect(row?.[0]).toBe(0);
  });

  it('cannot write', async () => {
    await expect(
      reads.firstValue("DELETE FROM notes WHERE key = 'a' RETURNING body", []),
    ).rejects.toMatchObject({
      code: 'SQLITE_READONLY',
    });
    expect(await reads.firstValue(BODY, ['a'])).toBe('second');
  });
});
