// What makes the built site an installable app: PNG icons rendered from public/favicon.svg with sharp (192, 512,
// a maskable 512 with the glyph inside the safe zone, and a 180 px Apple touch icon), and the service worker
// with this build's shell list (the home page and the scripts and styles it loads) and version.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  return [...found];
}

export function writeServiceWorker(buildDir, template) {
  const shell = shellOf(buildDir);
  const version = createHash('sha256').update(readFileSync(path.join(buildDir, 'index.html'))).update(shell.join('\n')).digest('hex').slice(0, 12);
  const code = readFileSync(template, 'utf8').replace("'__VERSION__'", JSON.stringify(version)).replace('/* shell */ []', JSON.stringify(shell));
  // A template that no longer holds the placeholders would ship a worker with no shell: fail the build instead.
  if (code.includes('__VERSION__') || code.includes('/* shell */')) throw new Error(`${template}: the version or shell placeholder was not filled`);
  writeFileSync(path.join(buildDir, 'sw.js'), code);
  return { version, files: shell.length };
}
