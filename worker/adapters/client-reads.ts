// The prepared reads (ports.ts PreparedReads) through a libSQL client: the Workers target and a
// remote database on Node. One statement, one round trip; the database server prepares it.
import type { Client } from '@libsql/client';
import type { PreparedReads } from '../ports.ts';

export function clientReads(client: Pick<Client, 'execute'>): PreparedReads {
  return {
    async firstValue(sql, args) {
      const { rows } = await client.execute({ sql, args: [...args] });
      return rows[0]?.[0];
    },
  };
}
