// How much one scheduled run may do. On Workers every database statement, object store call
// and mail API call of an invocation is a subrequest (10,000 per invocation on Workers Paid,
// 50 on Free) and its CPU is limited (30 s by default): after a long outage the orphaned
// uploads, pending deletions, notices or mail waiting could be more than one invocation may
// do. A run counts those calls against its budget and stops between items once what is left
// could not hold the largest item; each item is removed only once done, so the next run goes
// on where this one stopped. The Node process runs without one.
import type { Client } from '@libsql/client';
// Given a client, drizzle wraps it whatever it is (a local file on Node, HTTP on Workers).
import { drizzle } from 'drizzle-orm/libsql/web';
import * as tables from '../../../schema/db.ts';
import type { Database } from '../../db.ts';
import type { Deps, WorkBudget } from '../../deps.ts';

/**
 * A run's budget on Workers: a tenth of Workers Paid's subrequests (and so a small part of its
 * CPU). The largest item is a retention deletion of a submission with many files (a dozen
 * statements and two calls per file).
 */
export const RUN_BUDGET = { limit: 1_000, largestItem: 250 } as const;

/** Whether another item may start. */
export function workLeft(deps: Pick<Deps, 'workBudget'>): boolean {
  const budget = deps.workBudget;
  return !budget || budget.limit - budget.spent >= budget.largestItem;
}

/** The deps of one run whose database, object store and mailer count every call. */
export function withWorkBudget(
  deps: Deps,
  size: { limit: number; largestItem: number } = RUN_BUDGET,
): Deps & { workBudget: WorkBudget } {
  const workBudget: WorkBudget = { spent: 0, ...size };
  const spend = () => {
    workBudget.spent++;
  };
  return {
    ...deps,
    db: drizzle(countingCalls(clientOf(deps.db), spend), { schema: tables }) as Database,
    store: countedMethods(deps.store, spend),
    mailer: deps.mailer && countedMethods(deps.mailer, spend),
    webhooks: countedMethods(deps.webhooks, spend),
    workBudget,
  };
}

function countedMethods<T extends object>(port: T, spend: () => void): T {
  return new Proxy(port, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        spend();
        return value.apply(target, args);
      };
    },
  });
}

/** The libSQL client under a drizzle instance (drizzle keeps it as $client). */
function clientOf(db: Database): Client {
  return (db as Database & { $client: Client }).$client;
}

/**
 * The same client, spending once for every call that goes to the database (a statement, a
 * batch, a transaction's start): on Workers each is one HTTP request to Turso, a subrequest.
 */
function countingCalls(client: Client, spend: () => void): Client {
  const counted = new Set<PropertyKey>(['execute', 'batch', 'transaction', 'executeMultiple']);
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      // The client keeps its state in private fields: its methods must run on it, not the proxy.
      if (!counted.has(property)) return value.bind(target);
      return (...args: unknown[]) => {
        spend();
        return value.apply(target, args);
      };
    },
  });
}
