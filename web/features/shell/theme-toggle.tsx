import { useAtom } from 'jotai';
import { useHydrated } from '../../lib/hydrated.ts';
import { themeAtom } from '../../lib/theme.ts';
import { buttonClass } from '../../ui/button-class.ts';
import { MoonIcon, SunIcon } from '../../ui/icons.tsx';

// A plain button, like the rest of the shell's (decision 099): React Aria's press handling would
// put about 10 KB into every page's first load.
export function ThemeToggle() {
  const [stored, setTheme] = useAtom(themeAtom);
  // The pre-rendered button is the light theme's: the first render matches it, then the
  // stored theme's (the inline theme script has already coloured the page before the first paint).
  const theme = useHydrated() ? stored : 'light';
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={buttonClass('ghost', 'px-0')}
      aria-label={`Switch to ${next} theme`}
      // The pages' start script switches the theme by this mark until the app has started.
      data-theme-toggle=""
      onClick={() => setTheme(next)}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
