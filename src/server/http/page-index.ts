/**
 * The prerendered pages, read once at start-up: URL path → HTML and its Content-Security-Policy.
 * The CSP carries the sha256 of each inline script of that page, so script-src needs no 'unsafe-inline'.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface PrerenderedPage {
  html: Buffer;
  /** The build's precompressed copies (scripts/compress-build.mjs), when present. */
  encoded: { br?: Buffer; gzip?: Buffer };
  csp: string;
  etag: string;
}

const readIfPresent = (file: string) => (existsSync(file) ? readFileSync(file) : undefined);
const PRECOMPRESSED = /\.(br|gz)$/;

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? '';
    if (body.length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return [...hashes];
}

/** Where Google's ad script loads from and talks to; allowed only when ADS_CLIENT is configured. */
const AD_SOURCES = ['https://pagead2.googlesyndication.com', 'https://googleads.g.doubleclick.net', 'https://tpc.googlesyndication.com', 'https://www.google.com'];

export interface CspOptions {
  ads?: boolean;
}

export function pageCsp(html: string, options: CspOptions = {}): string {
  const ads = options.ads ? AD_SOURCES : [];
  const scripts = ["'self'", ...inlineScriptHashes(html), ...ads].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', ...(options.ads ? ['https:'] : [])].join(' '),
    "media-src 'self' blob:",
    ['connect-src', "'self'", ...ads].join(' '),
    ...(options.ads ? [`frame-src ${ads.join(' ')}`] : []),
    "font-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
}

export interface SiteIndex {
  pages: Map<string, PrerenderedPage>;
  /** Every other file of the build, by URL path. */
  files: Set<string>;
}

export function readSiteIndex(buildDir: string, cspOptions: CspOptions = {}): SiteIndex {
  const pages = new Map<string, PrerenderedPage>();
  const files = new Set<string>();
  const all: string[] = [];
  // No build yet is a valid state (the server warns and answers 404s); any other read error is fatal.
  if (existsSync(buildDir)) walk(buildDir, all);
  for (const file of all) {
    if (PRECOMPRESSED.test(file)) continue;
    const rel = '/' + path.relative(buildDir, file).split(path.sep).join('/');
    if (rel.endsWith('/index.html')) {
      const urlPath = rel.slice(0, -'/index.html'.length) || '/';
      const html = readFileSync(file);
      const text = html.toString('utf8');
      pages.set(urlPath, {
        html,
        encoded: { br: readIfPresent(`${file}.br`), gzip: readIfPresent(`${file}.gz`) },
        csp: pageCsp(text, cspOptions),
        etag: `"${createHash('sha1').update(html).digest('base64url')}"`,
      });
    } else {
      files.add(rel);
    }
  }
  return { pages, files };
}
