// The bundle floor (npm run bench): the least a React + TanStack Router app with one route
// ships, with one state change (a button that counts) for the interaction rows' floor. The
// portal's first load and taps are measured against this, built in the same run.
import { createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

function Hello() {
  const [count, setCount] = useState(0);
  return (
    <>
      <h1>Hello</h1>
      <button type="button" onClick={() => setCount(count + 1)}>
        Pressed {count} times
      </button>
    </>
  );
}

const rootRoute = createRootRoute();
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Hello });
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]) });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
