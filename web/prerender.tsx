// The build's pre-render entry (build/prerender-pages.ts): renders a public page to HTML with
// the same router and components the browser uses, so the page paints before any JavaScript
// runs and the browser then hydrates it (main.tsx, docs/decisions/060-prerendered-public-pages.md).
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createAppRouter } from './router.ts';

export async function renderPage(path: string): Promise<string> {
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [path] }),
    prerender: true,
  });
  await router.load();
  return renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
