// Light/dark theme (docs/product.md#entities "Theme preference"): localStorage key `theme`, values
// light|dark, default light. The pages' inline script (schema/page-start-script.ts, allowed by its CSP
// hash) applies the stored theme before the app loads, so this atom only toggles and persists.
import { atom } from 'jotai';

type Theme = 'light' | 'dark';
const THEME_STORAGE_KEY = 'theme';

const readTheme = (): Theme =>
  document.documentElement.classList.contains('dark') ? 'dark' : 'light';

// The inline theme script has set the class before any module runs: it is the truth at start.
const currentTheme = atom<Theme>(typeof document === 'undefined' ? 'light' : readTheme());

export const themeAtom = atom(
  (get) => get(currentTheme),
  (_get, set, theme: Theme) => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
    try {
      localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // Private mode or storage disabled: the theme still applies for this visit.
    }
    set(currentTheme, theme);
  },
);
