// Whether the HTML the server sent is the page the router is showing: the build pre-renders
// each public page once, without a query (build/prerender-pages.ts marks #root with
// data-prerendered), so /track?token=… is sent the /track page and must be rendered afresh.
export const NOT_FOUND_MARK = 'not-found';

/** Before loading anything: can the sent HTML be this address's page at all? */
export function mayHydrate(mark: string | undefined, pathname: string, search: string): boolean {
  if (!mark || search !== '') return false;
  return mark === NOT_FOUND_MARK || mark === pathname;
}

type RouterStateLike = {
  location: { pathname: string; searchStr: string };
  matches: readonly { _notFound?: boolean; status: string }[];
};

export function prerenderedMatches(mark: string | undefined, state: RouterStateLike): boolean {
  if (!mark || state.location.searchStr !== '') return false;
  const notFound = state.matches.some((m) => m._notFound || m.status === 'notFound');
  return mark === NOT_FOUND_MARK ? notFound : !notFound && mark === state.location.pathname;
}
