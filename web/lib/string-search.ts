// The search of a staff list page as the route sees it: every string parameter passes, and the
// page's own parser (parseListSearch, parseQueueSearch) keeps what is valid. Tiny and
// dependency-free, because a route's validateSearch stays in the entry bundle.
export function stringSearch(search: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(search).filter(([, value]) => typeof value === 'string'),
  ) as Record<string, string>;
}
