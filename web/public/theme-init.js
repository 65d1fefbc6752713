// Applies the stored theme before the first paint (no flash of the wrong theme). Loaded as a
// blocking external script from index.html because the CSP forbids inline scripts. Keep in
// step with web/lib/theme.ts: key `theme`, values light|dark, default light.
(() => {
  try {
    if (localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark');
  } catch {
    // Storage disabled: stay light.
  }
})();
