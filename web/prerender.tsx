// The server render entry, built by build/prerender-pages.ts: renders a public page to HTML
// with the same router and components the browser uses. The build pre-renders the public pages
// with it (the browser then hydrates them, main.tsx, docs/decisions/060-prerendered-public-pages.md)
// and the Node entry renders /track?token=… with the view it read
// (docs/decisions/077-server-rendered-tracking.md).
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import type { TrackingResponse } from '../schema/tracking-api.ts';
import { appElement } from './app-element.tsx';
import { provideTrackingView } from './features/tracking/tracking-in-page.ts';
import { renderingOnServer } from './lib/api-client.ts';
import { createAppRouter } from './router.ts';

renderingOnServer();

export async function renderPage(path: string): Promise<string> {
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [path] }),
    prerender: true,
  });
  await router.load();
  return renderToString(appElement(router));
}

/** The tracking page for token, showing view (what GET /api/submissions/:token answers). */
export async function renderTrackingPage(token: string, view: TrackingResponse): Promise<string> {
  const forget = provideTrackingView(token, view);
  try {
    return await renderPage(`/track?token=${encodeURIComponent(token)}`);
  } finally {
    forget();
  }
}
