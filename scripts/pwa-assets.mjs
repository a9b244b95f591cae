// What makes the built site an installable app: PNG icons rendered from public/favicon.svg with sharp (192, 512,
// a maskable 512 with the glyph inside the safe zone, and a 180 px Apple touch icon), and the service worker
// with this build's shell list (the home page and the scripts and styles it loads) and version, the site's
// languages and tool pages (kept for the visitor's language) and the offline page's strings in every language.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const BRAND = '#15803d';

export async function makeIcons(source, outDir) {
  mkdirSync(outDir, { recursive: true });
  const svg = readFileSync(source);
  const render = (size) => sharp(svg, { density: Math.ceil((72 * size) / 24) }).resize(size, size);
  await render(192).png().toFile(path.join(outDir, 'icon-192.png'));
  await render(512).png().toFile(path.join(outDir, 'icon-512.png'));
  await render(180).flatten({ background: '#ffffff' }).png().toFile(path.join(outDir, 'apple-touch-icon.png'));
  // Maskable: the platform crops to a circle or squircle of 80 %, so the glyph sits at 60 % on a full brand field.
  const glyph = await render(308).png().toBuffer();
  await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND } })
    .composite([{ input: glyph, gravity: 'center' }])
    .png()
    .toFile(path.join(outDir, 'maskable-512.png'));
}

/** Scripts and stylesheets the home page loads up front. */
export function shellOf(buildDir) {
  const html = readFileSync(path.join(buildDir, 'index.html'), 'utf8');
  const found = new Set(['/']);
  for (const match of html.matchAll(/<link[^>]+(?:rel="(?:modulepreload|stylesheet)")[^>]*href="([^"]+)"|<script[^>]+src="([^"]+)"/g)) {
    const href = match[1] ?? match[2];
    if (href.startsWith('/')) found.add(href);
  }
  for (const extra of ['/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png']) found.add(extra);
  // Every page's route module with what it imports: a move inside the app while offline then finds the code of the
  // page it goes to, fails only at its data, and shows the app's own offline screen (React Router reloads the page
  // it was on when a route module cannot load, so the click would seem to do nothing).
  const assets = path.join(buildDir, 'assets');
  for (const file of (existsSync(assets) ? readdirSync(assets) : []).filter((name) => /^manifest-[\w-]+\.js$/.test(name))) {
    found.add(`/assets/${file}`);
    const manifest = JSON.parse(/=\s*(\{[\s\S]*\})\s*;?\s*$/.exec(readFileSync(path.join(assets, file), 'utf8'))?.[1] ?? '{}');
    // The browser entry with its imports, from the manifest itself: the shell does not hang on a page's links
    // naming them (they did not, while pages fetched their code after the first paint).
    for (const href of [manifest.entry?.module, ...(manifest.entry?.imports ?? [])]) if (typeof href === 'string' && href.startsWith('/')) found.add(href);
    for (const route of Object.values(manifest.routes ?? {})) {
      for (const href of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) if (typeof href === 'string' && href.startsWith('/')) found.add(href);
    }
  }
  // And what that code loads when used (the header's menus and the footer at the first sign of use, the results,
  // the lookup's code…): the chunks its scripts name, and theirs. Offline, a page's parts then still come.
  const named = (file) => {
    const local = path.join(buildDir, file);
    return existsSync(local) ? [...readFileSync(local, 'utf8').matchAll(/["'`]\.\/([\w.-]+\.js)["'`]/g)].map((m) => `/assets/${m[1]}`) : [];
  };
  const pending = [...found].filter((href) => href.startsWith('/assets/') && href.endsWith('.js'));
  while (pending.length > 0) {
    for (const href of named(pending.pop())) {
      if (found.has(href)) continue;
      found.add(href);
      pending.push(href);
    }
  }
  return [...found];
}

/**
 * What the worker needs to know of the site, read from its sources (this script runs before anything is compiled):
 * the language codes (the first is the default, without a path prefix), the tool pages' paths, and each
 * language's offline strings with its direction. scripts/pwa-assets.test.ts checks them against the TypeScript.
 */
export function siteFacts(root = '.') {
  const codes = readFileSync(path.join(root, 'src/shared/language-codes.ts'), 'utf8');
  const languages = [...(/LANGUAGE_CODES = \[([^\]]+)\]/.exec(codes)?.[1] ?? '').matchAll(/'([a-z]{2,3})'/g)].map((m) => m[1]);
  const rightToLeft = [...(/RIGHT_TO_LEFT[^=]*= \[([^\]]+)\]/.exec(codes)?.[1] ?? '').matchAll(/'([a-z]{2,3})'/g)].map((m) => m[1]);
  const tools = readFileSync(path.join(root, 'src/shared/tools.ts'), 'utf8');
  const toolPaths = [...(/export const TOOLS[^=]*= \[([\s\S]*?)\n\];/.exec(tools)?.[1] ?? '').matchAll(/\bpath: '(\/[^']+)'/g)].map((m) => m[1]);
  if (languages.length === 0 || toolPaths.length === 0) throw new Error('the language codes or the tool paths could not be read');
  const detection = readFileSync(path.join(root, 'src/shared/language-match.ts'), 'utf8');
  const aliases = Object.fromEntries([...(/const ALIASES[^=]*= \{([^}]*)\}/.exec(detection)?.[1] ?? '').matchAll(/(\w+): '([a-z]{2,3})'/g)].map((m) => [m[1], m[2]]));
  const offline = {};
  for (const lang of languages) {
    const strings = JSON.parse(readFileSync(path.join(root, 'content/locales', lang, 'common.json'), 'utf8')).offline;
    if (!strings?.title || !strings.body || !strings.retry || !strings.home) throw new Error(`content/locales/${lang}/common.json: the offline strings are missing`);
    offline[lang] = { title: strings.title, body: strings.body, retry: strings.retry, home: strings.home, dir: rightToLeft.includes(lang) ? 'rtl' : 'ltr' };
  }
  return { languages, toolPaths, aliases, offline };
}

export function writeServiceWorker(buildDir, template, root = '.') {
  const shell = shellOf(buildDir);
  const facts = siteFacts(root);
  const version = createHash('sha256').update(readFileSync(path.join(buildDir, 'index.html'))).update(shell.join('\n')).digest('hex').slice(0, 12);
  const code = readFileSync(template, 'utf8')
    .replace("'__VERSION__'", JSON.stringify(version))
    .replace('/* shell */ []', JSON.stringify(shell))
    .replace('/* languages */ []', JSON.stringify(facts.languages))
    .replace('/* tool paths */ []', JSON.stringify(facts.toolPaths))
    .replace('/* aliases */ {}', JSON.stringify(facts.aliases))
    .replace('/* offline */ {}', JSON.stringify(facts.offline));
  // A template that no longer holds the placeholders would ship a worker with no shell: fail the build instead.
  if (/__VERSION__|\/\* (shell|languages|tool paths|aliases|offline) \*\//.test(code)) throw new Error(`${template}: a placeholder was not filled`);
  writeFileSync(path.join(buildDir, 'sw.js'), code);
  return { version, files: shell.length };
}
