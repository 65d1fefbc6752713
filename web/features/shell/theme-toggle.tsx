import { useAtom } from 'jotai';
import { themeAtom } from '../../lib/theme.ts';
import { Button } from '../../ui/button.tsx';
import { MoonIcon, SunIcon } from '../../ui/icons.tsx';

export function ThemeToggle() {
  const [theme, setTheme] = useAtom(themeAtom);
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
