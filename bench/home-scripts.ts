/** The scripts the prerendered home page names up front (module preloads and script src), as build files. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function homePageScripts(buildDir: string): string[] {
  const html = readFileSync(path.join(buildDir, 'index.html'), 'utf8');
  const found = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"|<script[^>]+src="([^"]+)"/g)) {
    const href = match[1] ?? match[2]!;
    if (href.startsWith('/')) found.add(href);
  }
  return [...found].map((href) => path.join(buildDir, href));
}
