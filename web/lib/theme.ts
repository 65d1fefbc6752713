// Light/dark theme (docs/product.md#entities "Theme preference"): localStorage key `theme`, values
// light|dark, default light. The pages' inline script (schema/page-start-script.ts, allowed by its CSP
// hash) applies the stored theme before the app loads, so this atom only toggles and persists.
import { atom } from 'jotai';

type Theme = 'light' | 'dark';
const THEME_STORAGE_KEY = 'theme';

const readTheme = (): Theme =>
  document.documentElement.classList.contains('dark') ? 'dark' : 'light';

// The page's class is the truth: the inline script sets it before the first paint, and switches
// it when the toggle is pressed before the app has started (even after this module has run).
// The atom only tells React that it changed.
const themeChanges = atom(0);

export const themeAtom = atom(
  (get): Theme => {
    get(themeChanges);
    return typeof document === 'undefined' ? 'light' : readTheme();
  },
  (_get, set, theme: Theme) => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
    try {
      localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // Private mode or storage disabled: the theme still applies for this visit.
    }
    set(themeChanges, (n) => n + 1);
  },
);
