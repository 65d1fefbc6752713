// The deploy's placement (decision 125): next to DATABASE_URL's host, the bureau's own
// [placement] kept, none for a database on this machine.
import { describe, expect, it } from 'vitest';
import { placementFor } from './placement.ts';

describe("the deploy's placement", () => {
  it("names the Turso database's host as the placement hint", () => {
    expect(placementFor(undefined, 'libsql://portal-bureau.aws-eu-west-1.turso.io')).toEqual({
      placement: { hostname: 'portal-bureau.aws-eu-west-1.turso.io' },
      note: 'The Worker runs next to its database: placement hostname portal-bureau.aws-eu-west-1.turso.io.',
    });
    expect(placementFor(undefined, 'https://db.bureau.co.za:8443').placement).toEqual({
      hostname: 'db.bureau.co.za',
    });
  });

  it("keeps wrangler.toml's own placement, turned off included", () => {
    for (const own of [{ mode: 'off' }, { mode: 'smart' }, { region: 'aws:af-south-1' }]) {
      expect(placementFor(own, 'libsql://portal-bureau.turso.io').placement).toEqual(own);
    }
  });

  it('places nothing for a database on this machine (a dry run against a local sqld)', () => {
    for (const url of ['http://127.0.0.1:8080', 'http://localhost:8080', 'http://[::1]:8080']) {
      expect(placementFor(undefined, url)).toMatchObject({
        placement: undefined,
        note: expect.stringMatching(/^No placement: the database .* is local\.$/),
      });
    }
  });
});
