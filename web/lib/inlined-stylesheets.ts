// The built pages carry the app's stylesheet inline (decision 101, build/inline-stylesheet.ts).
// Vite's preload helper adds the stylesheet of a lazily loaded chunk unless the page has a
// rel=stylesheet link to it, so each inline stylesheet gets one, disabled: a disabled link made
// by a script is never fetched (one written in the HTML would be, by the preload scanner).
export function markInlinedStylesheets(): void {
  for (const style of document.querySelectorAll<HTMLStyleElement>('style[data-inlined]')) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.disabled = true;
    link.href = style.dataset.inlined!;
    document.head.append(link);
  }
}
