// The shared header (docs/product.md#screens-and-routes): Home, Track, Legal and Login; Dashboard
// and Logout instead of
// Login when a staff session is active; the theme toggle and, on small screens, a menu toggle.
// Its buttons are plain HTML buttons (decision 099): it is in every page's first load.
import { Link, useRouterState } from '@tanstack/react-router';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { usePublicConfig } from '../../lib/public-config.ts';
import { logout, useSession } from '../../lib/session.ts';
import { buttonClass } from '../../ui/button-class.ts';
import { CloseIcon, MenuIcon, ShieldIcon } from '../../ui/icons.tsx';
import { AfterHydration } from './after-hydration.tsx';
import { usePageWidthClass } from './page-width.ts';
import { ThemeToggle } from './theme-toggle.tsx';

const linkClass =
  'flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-slate-700 outline-none hover:bg-slate-100 hover:text-slate-950 focus-visible:ring-2 focus-visible:ring-teal-600 aria-[current=page]:text-teal-800 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white dark:aria-[current=page]:text-teal-300';

function NavLink({
  to,
  onClick,
  children,
}: {
  to: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <li>
      {/* `to` is a plain string: the dashboard routes are registered by their own feature. */}
      <Link to={to as '/'} className={linkClass} activeOptions={{ exact: true }} onClick={onClick}>
        {children}
      </Link>
    </li>
  );
}

function LoginLink({ onClick }: { onClick: () => void }) {
  return (
    <NavLink to="/dashboard/login" onClick={onClick}>
      Login
    </NavLink>
  );
}

/** Login until the session check answers; Dashboard and Logout when signed in. */
function SessionLinks({ onClick }: { onClick: () => void }) {
  const session = useSession();
  if (session.status !== 'authenticated') return <LoginLink onClick={onClick} />;
  return (
    <>
      <NavLink to="/dashboard" onClick={onClick}>
        Dashboard
      </NavLink>
      <li>
        <button
          type="button"
          className={buttonClass('ghost', 'w-full justify-start px-3 md:w-auto')}
          onClick={() => void logout()}
        >
          Logout
        </button>
      </li>
    </>
  );
}

export function SiteHeader() {
  const { bureauName } = usePublicConfig();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const width = usePageWidthClass();

  // Pressing a link closes the mobile menu, also the link of the page already shown (which
  // does not change the path); a path change closes it too (back and forward buttons).
  const closeMenu = () => setMenuOpen(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change
  useEffect(() => setMenuOpen(false), [pathname]);
  // A menu opened before the app started (the page's start script answered the toggle) stays
  // open: hydration keeps the page's attributes, and the state follows them.
  useEffect(() => {
    if (toggle.current?.getAttribute('aria-expanded') === 'true') setMenuOpen(true);
  }, []);

  return (
    <header className="sticky top-[var(--offline-banner-height,0px)] z-30 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden dark:border-slate-800 dark:bg-slate-950/95">
      <div className={`relative mx-auto flex min-h-16 items-center gap-1 px-4 ${width}`}>
        <Link
          to="/"
          onClick={closeMenu}
          className="mr-auto flex min-h-11 items-center gap-2 rounded-md font-semibold text-teal-800 outline-none focus-visible:ring-2 focus-visible:ring-teal-600 dark:text-teal-300"
        >
          <ShieldIcon />
          <span>{bureauName}</span>
        </Link>
        <nav
          aria-label="Main"
          onKeyDown={(e) => {
            if (e.key === 'Escape' && menuOpen) {
              setMenuOpen(false);
              toggle.current?.focus();
            }
          }}
        >
          <ul
            id="main-menu"
            className={`${menuOpen ? 'flex' : 'hidden'} absolute inset-x-0 top-full flex-col gap-1 border-b border-slate-200 bg-white p-2 shadow-md md:static md:flex md:flex-row md:items-center md:border-0 md:bg-transparent md:p-0 md:shadow-none dark:border-slate-800 dark:bg-slate-950 md:dark:bg-transparent`}
          >
            <NavLink to="/" onClick={closeMenu}>
              Home
            </NavLink>
            <NavLink to="/track" onClick={closeMenu}>
              Track
            </NavLink>
            <NavLink to="/legal" onClick={closeMenu}>
              Legal
            </NavLink>
            {/* The pre-rendered page has no session: Login until the check answers. */}
            <AfterHydration fallback={<LoginLink onClick={closeMenu} />}>
              <Suspense fallback={<LoginLink onClick={closeMenu} />}>
                <SessionLinks onClick={closeMenu} />
              </Suspense>
            </AfterHydration>
          </ul>
        </nav>
        <ThemeToggle />
        <button
          ref={toggle}
          type="button"
          className={buttonClass('ghost', 'px-0 md:hidden')}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
      </div>
    </header>
  );
}
