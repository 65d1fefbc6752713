// The pages' one inline script, first in <head>. It applies the stored dark theme before the
// first paint (no flash of the wrong theme; key `theme`, values light|dark, default light —
// web/lib/theme.ts), and it fetches and starts the app after the first paint (decision 104): the
// build turns the entry's module script into a link marked data-app-entry and the module
// preloads into links marked data-app-module, none of them fetched, and this script makes the
// marked links preloads and adds the entry's module when the first frame after the document is
// parsed has been painted (the page's content, not an empty first frame), and after a second at
// the latest, for a page opened in a background tab, where frames do not run. The page paints
// from its HTML alone, and the app's ~100 KB neither delays that paint on a slow link nor runs
// before it on a phone that has them cached. Until the app has started (early-navigation's
// data-app-started), it also opens and closes the header's menu on a small screen
// (web/features/shell/site-header.tsx, which takes the menu over as it was left) and switches
// the theme (web/lib/theme.ts reads it from the page): links already work without the app,
// and a press of either button was lost (issue 36).
// Inline, not a file, because a blocking script file cost every first load a round trip
// (decision 101); the CSP allows exactly this text by its hash (worker/security-headers.ts).
// The build puts it into every page (vite.config.ts); a test keeps the hash in step.
export const PAGE_START_SCRIPT =
  "(()=>{try{if(localStorage.getItem('theme')==='dark')document.documentElement.classList.add('dark')}catch{}let started=0;const start=()=>{if(started)return;started=1;const entry=document.querySelector('link[data-app-entry]');if(!entry)return;for(const l of document.querySelectorAll('link[data-app-module]'))l.rel='modulepreload';const s=document.createElement('script');s.type='module';s.crossOrigin='anonymous';s.src=entry.href;document.head.append(s)};const paint=()=>requestAnimationFrame(()=>setTimeout(start));document.readyState==='loading'?document.addEventListener('DOMContentLoaded',paint):paint();setTimeout(start,1000);document.addEventListener('click',e=>{const b=e.target.closest?.('button[aria-controls=main-menu]'),m=document.getElementById('main-menu');if(!b||!m||document.documentElement.hasAttribute('data-app-started'))return;const o=b.getAttribute('aria-expanded')!=='true';b.setAttribute('aria-expanded',o);b.setAttribute('aria-label',o?'Close menu':'Open menu');m.classList.toggle('flex',o);m.classList.toggle('hidden',!o)});document.addEventListener('click',e=>{const b=e.target.closest?.('button[data-theme-toggle]');if(!b||document.documentElement.hasAttribute('data-app-started'))return;const d=document.documentElement.classList.toggle('dark');try{localStorage.setItem('theme',d?'dark':'light')}catch{}b.setAttribute('aria-label',d?'Switch to light theme':'Switch to dark theme')})})()";

/** The CSP source that allows PAGE_START_SCRIPT and nothing else. */
export const PAGE_START_SCRIPT_HASH = "'sha256-Kx0YwdFG+8WhtKMWvjgRtOHymiBM66GFXxNWwKDcVVs='";
