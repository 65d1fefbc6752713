// The live scheme catalogue the wizard offers (docs/decisions/072-staff-managed-catalogue.md),
// read by the / route's loader without holding the first paint. The service worker keeps the
// last answer, so the wizard still has the list offline.
import { useLoaderData } from '@tanstack/react-router';
import type { PublicCatalogue } from '../../../schema/catalogue-api.ts';
import { catalogue } from '../../../schema/public-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { useArriving } from '../../lib/use-arriving.ts';

export type CatalogueState =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; catalogue: PublicCatalogue };

const LOADING: CatalogueState = { state: 'loading' };

/** Part of the / route's loader: not awaited, so the wizard paints before the list arrives. */
export function loadCatalogue(): { catalogue: Promise<CatalogueState> } {
  return {
    catalogue: request(catalogue).then(
      (answer): CatalogueState => ({ state: 'ready', catalogue: answer }),
      (): CatalogueState => ({ state: 'failed' }),
    ),
  };
}

// A route without the list in its loader: never arrives, so it stays loading.
const NO_LIST: Promise<CatalogueState | null> = Promise.resolve(null);

/** The list from the loader of the route showing it (the wizard's /, the manager's /practice/new). */
export function useCatalogue(): CatalogueState {
  const arriving = useLoaderData({
    strict: false,
    // Another route's loader may have a 'catalogue' of its own: only the list's promise counts.
    select: (data) => {
      const value = (data as { catalogue?: unknown } | undefined)?.catalogue;
      return value instanceof Promise ? (value as Promise<CatalogueState | null>) : undefined;
    },
  });
  return useArriving(arriving ?? NO_LIST, LOADING);
}
