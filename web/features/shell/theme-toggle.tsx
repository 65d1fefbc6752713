import { useHydrated } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import { themeAtom } from '../../lib/theme.ts';
import { Button } from '../../ui/button.tsx';
import { MoonIcon, SunIcon } from '../../ui/icons.tsx';

export function ThemeToggle() {
  const [stored, setTheme] = useAtom(themeAtom);
  // The pre-rendered button is the light theme's: the first render matches it, then the
  // stored theme's (theme-init.js has already coloured the page before the first paint).
  const theme = useHydrated() ? stored : 'light';
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button
      variant="ghost"
      className="px-0"
      aria-label={`Switch to ${next} theme`}
      onPress={() => setTheme(next)}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </Button>
  );
}
