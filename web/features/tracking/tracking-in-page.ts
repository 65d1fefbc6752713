// A tracking view that came with the page itself: the Node entry renders /track?token=… on the
// server with the view it read (docs/decisions/077-server-rendered-tracking.md) and puts the
// same view in the page as JSON, so the browser's first render needs no request and matches
// what is already on screen. Read once: a later read of the route asks the API.
import type { TrackingResponse } from '../../../schema/tracking-api.ts';
import { TRACKING_VIEW_ELEMENT } from '../../../schema/tracking-page.ts';

// The server render's views, by token; each lives only for its own render.
const rendering = new Map<string, TrackingResponse>();

/** For the server render of one page: the view its loader is to find. */
export function provideTrackingView(token: string, view: TrackingResponse): () => void {
  rendering.set(token, view);
  return () => rendering.delete(token);
}

/** The view for token this page carries (once), or undefined. */
export function takeTrackingView(token: string): TrackingResponse | undefined {
  const provided = rendering.get(token);
  if (provided) return provided;
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(TRACKING_VIEW_ELEMENT);
  if (!element || element.dataset.token !== token) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as TrackingResponse;
  } catch {
    return undefined;
  }
}
