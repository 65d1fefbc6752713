import type { AnyRoute } from '@tanstack/react-router';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { TRACKING_MARK } from '../schema/tracking-page.ts';
import { appElement } from './app-element.tsx';
import { watchEarlyNavigation } from './lib/early-navigation.ts';
import { skipHydration } from './lib/hydrated.ts';
import { markInlinedStylesheets } from './lib/inlined-stylesheets.ts';
import { nextTask } from './lib/next-task.ts';
import { mayHydrate, prerenderedMatches } from './lib/prerendered.ts';
import { type AppRouter, createAppRouter } from './router.ts';
import './styles.css';

markInlinedStylesheets();

const container = document.getElementById('root')!;
// A tap on a link or a form sent before the app has the page is left to the browser.
const early = watchEarlyNavigation();

/** Whether the address's route shows a pending state of its own while it loads (a tracking link). */
function showsPendingState(router: AppRouter): boolean {
  const routes: Readonly<Record<string, AnyRoute | undefined>> = { ...router.routesById };
  return router
    .matchRoutes(router.state.location)
    .some((match) => routes[match.routeId]?.options.pendingComponent !== undefined);
}

async function start() {
  // Running the app's modules, building the route tree and matching the address (with the
  // route's loaders) are three tasks, not one: on a slow phone each stays short enough for a tap
  // to be answered in between.
  await nextTask();
  if (early.leaving()) return;
  const router = createAppRouter();
  const app = appElement(router);
  await nextTask();
  // Both in a transition: React renders in slices and a phone keeps answering taps in between
  // (a render outside one runs as one long task). A fresh render leaves the sent HTML on screen
  // until it commits.
  // From here React answers the page's clicks (or replays those made while it hydrates).
  const hydrate = () => {
    early.stop();
    startTransition(() => void hydrateRoot(container, app));
  };
  const renderAfresh = () => {
    early.stop();
    skipHydration();
    startTransition(() => createRoot(container).render(app));
  };

  const mark = container.dataset.prerendered;
  if (mayHydrate(mark, location.pathname, location.search)) {
    // The page's HTML is pre-rendered (docs/decisions/060-prerendered-public-pages.md): load
    // the route first, so the first render is the same page with the same data.
    await router.load();
    if (early.leaving()) return;
    if (prerenderedMatches(mark, router.state)) {
      // The pre-render has no Suspense around the route tree (it is a server render): tell
      // the router so its first render has the same shape.
      router.ssr = { manifest: undefined };
      hydrate();
      return;
    }
  }
  if (mark === TRACKING_MARK) {
    // The server's render of this tracking view (docs/decisions/077-server-rendered-tracking.md),
    // its view in the page: hydrate it like a pre-rendered page.
    await router.load();
    if (early.leaving()) return;
    router.ssr = { manifest: undefined };
    hydrate();
    return;
  }
  // This address's page with a query (a question page of the wizard, `?step=…`): it stays on
  // screen while the route loads, and the route then renders in slices (a render the router
  // starts itself is one long task).
  if (mark === location.pathname && !showsPendingState(router)) await router.load();
  if (early.leaving()) return;
  // Another page's HTML (the /track form for a tracking link, a staff page, the shell): render
  // the route at once, pending states and all, in place of it.
  renderAfresh();
}

void start();
