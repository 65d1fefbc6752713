// The pages' one inline script: it applies the stored dark theme before the first paint (no
// flash of the wrong theme; key `theme`, values light|dark, default light — web/lib/theme.ts).
// Inline, not a file, because a blocking script file cost every first load a round trip
// (decision 101); the CSP allows exactly this text by its hash (worker/security-headers.ts).
// The build puts it into every page (vite.config.ts); a test keeps the hash in step.
export const THEME_INIT_SCRIPT =
  "(()=>{try{if(localStorage.getItem('theme')==='dark')document.documentElement.classList.add('dark')}catch{}})()";

/** The CSP source that allows THEME_INIT_SCRIPT and nothing else. */
export const THEME_INIT_SCRIPT_HASH = "'sha256-n9K3luVz1jZEqQwgXpn3IQMR+KAYkzTS/6UUEOinX3E='";
