/**
 * The theme (system, light or dark; issue 33), set before the first paint by this script, inlined in the page's
 * head (root.tsx): it reads the saved choice and writes the resolved theme on <html data-theme>, which app.css
 * colours. It follows the system while the choice is "system", another tab's choice (storage), and the theme
 * switch, which saves the choice and dispatches THEME_EVENT on <html> (lib/theme-choice.ts). Kept small: it is in
 * every page's HTML. No saved choice, or no script, is the light theme until it runs.
 */
export const THEME_KEY = 'gramsave-theme';
export const THEME_EVENT = 'gramsave-theme';

export const THEME_SCRIPT = `(function(d){var q=matchMedia('(prefers-color-scheme: dark)');function a(){var s;try{s=localStorage.getItem('${THEME_KEY}')}catch(e){}d.dataset.theme=s==='light'||s==='dark'?s:q.matches?'dark':'light'}a();q.addEventListener('change',a);addEventListener('storage',a);d.addEventListener('${THEME_EVENT}',a)})(document.documentElement)`;
