// Where Cloudflare runs the Worker (decision 125). Every API call waits on round trips to Turso
// in sequence (submit 3, a ticket 2, tracking 1), so the deploy places the Worker next to the
// database: a targeted placement hint naming DATABASE_URL's host, which Cloudflare probes and
// runs the Worker nearest to. Deterministic from the first request, unlike `mode = "smart"`,
// which needs traffic to learn and decides per Worker. Hashed assets stay at the edge either way.
import { isIP } from 'node:net';

/** wrangler.toml's [placement]: smart (with an optional hint) or targeted (one of three). */
export type Placement = Record<string, unknown>;

export type PlacementChoice = {
  /** What wrangler deploy gets; undefined leaves the Worker where the visitor is. */
  placement: Placement | undefined;
  /** One line for the deploy's log. */
  note: string;
};

const loopback = (host: string) =>
  host === 'localhost' || host.endsWith('.localhost') || isIP(host.replace(/^\[|\]$/g, '')) !== 0;

/**
 * wrangler.toml's own [placement] if it has one (`mode = "off"` included: the bureau's choice);
 * else a hint naming the database's host; none for a database on this machine or an address
 * (a dry run against a local sqld), which no Cloudflare location is nearer to.
 */
export function placementFor(own: Placement | undefined, databaseUrl: string): PlacementChoice {
  if (own) return { placement: own, note: `Placement from wrangler.toml: ${JSON.stringify(own)}.` };
  let host: string;
  try {
    host = new URL(databaseUrl).hostname;
  } catch {
    return { placement: undefined, note: 'No placement: DATABASE_URL names no host.' };
  }
  if (!host || loopback(host)) {
    return { placement: undefined, note: `No placement: the database (${host}) is local.` };
  }
  return {
    placement: { hostname: host },
    note: `The Worker runs next to its database: placement hostname ${host}.`,
  };
}
