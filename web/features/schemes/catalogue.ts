// The live scheme catalogue the wizard offers (docs/decisions/072-staff-managed-catalogue.md),
// read by the / route's loader without holding the first paint. The service worker keeps the
// last answer, so the wizard still has the list offline.
import { getRouteApi } from '@tanstack/react-router';
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

const wizardRoute = getRouteApi('/');

export function useCatalogue(): CatalogueState {
  return useArriving(wizardRoute.useLoaderData({ select: (data) => data.catalogue }), LOADING);
}
