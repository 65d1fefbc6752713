// What the Node entry's render of /track?token=… (worker/tracking-page.ts) and the browser's
// takeover of it (web/main.tsx, web/features/tracking/tracking-in-page.ts) agree on.

/** data-prerendered on #root: it holds the server's render of a tracking view. */
export const TRACKING_MARK = 'tracking';
/** The id of the JSON script element after #root that carries the same view. */
export const TRACKING_VIEW_ELEMENT = 'tracking-view';
