/**
 * Which real file the fake CDN serves for a CDN path. The fixtures are walked once: a progressive video URL
 * (v1 `video_versions`, GraphQL `video_url` + `dimensions`) gets the progressive clip nearest its declared size
 * (one without sound when the post says `has_audio: false`),
 * a DASH manifest's video Representation the video-only track nearest its size (one is made at every size a
 * manifest states), its audio Representation the audio track, and a picture (v1 candidates, GraphQL display
 * resources) a photo made at its stated size (photos.ts); any other .webp picture the WebP. Paths not listed keep
 * the deterministic bytes of cdn-bytes.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Fixtures } from './fixtures.ts';
import { isPictureName, madePicture, pictureName } from './photos.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const MEDIA_DIR = new URL('./media/', import.meta.url);

export interface MediaFile {
  name: string;
  bytes: Buffer;
  type: string;
}

const TYPES: Record<string, string> = { mp4: 'video/mp4', m4a: 'audio/mp4', webp: 'image/webp', jpg: 'image/jpeg' };

let files: Map<string, MediaFile> | undefined;

/** Every committed fixture by file name (read once; about 400 KB). */
export function mediaFiles(): Map<string, MediaFile> {
  files ??= new Map(
    readdirSync(MEDIA_DIR).map((name) => {
      const ext = name.slice(name.lastIndexOf('.') + 1);
      return [name, { name, bytes: readFileSync(new URL(name, MEDIA_DIR)), type: TYPES[ext] ?? 'application/octet-stream' }];
    }),
  );
  return files;
}

/** The fixture of a family (`progressive`, `silent`: progressive without sound, `dash-video`) whose size is nearest to width × height. */
export function nearestClip(family: 'progressive' | 'silent' | 'dash-video', width: number, height: number): string {
  let best = '';
  let bestDistance = Infinity;
  for (const name of mediaFiles().keys()) {
    const match = new RegExp(`^${family}-(\\d+)x(\\d+)\\.mp4$`).exec(name);
    if (!match) continue;
    const distance = Math.abs(Number(match[1]) - width) + Math.abs(Number(match[2]) - height);
    if (distance < bestDistance) [best, bestDistance] = [name, distance];
  }
  return best;
}

/** The CDN path the fake serves a CDN URL under: `/{original host}{original path}` (see cdn-rewrite.ts). */
export function cdnPathOf(url: string): string | undefined {
  try {
    const parsed = new URL(url.replace(/&amp;/g, '&'));
    return `/${parsed.host}${parsed.pathname}`;
  } catch {
    return undefined;
  }
}

function addManifest(catalog: Map<string, string>, manifest: string): void {
  for (const block of manifest.split('<Representation').slice(1)) {
    const base = /<BaseURL[^>]*>([^<]+)<\/BaseURL>/.exec(block)?.[1];
    const path = base && cdnPathOf(base.trim());
    if (!path) continue;
    if (/mimeType="audio\//.test(block)) {
      catalog.set(path, 'dash-audio.m4a');
      continue;
    }
    const size = /width="(\d+)" height="(\d+)"/.exec(block);
    if (size) catalog.set(path, nearestClip('dash-video', Number(size[1]), Number(size[2])));
  }
}

/**
 * A picture's key: its CDN path and, where there is one, its `stp` (Instagram's sizes of one picture share the
 * path and differ in `stp=…_s360x450`).
 */
export function pictureKey(path: string, stp: string | null | undefined): string {
  return stp ? `${path}?stp=${stp}` : path;
}

function addPicture(catalog: Map<string, string>, url: unknown, width: unknown, height: unknown): void {
  const path = typeof url === 'string' ? cdnPathOf(url) : undefined;
  if (!path || !(Number(width) > 0 && Number(height) > 0)) return;
  const key = pictureKey(path, new URL(String(url).replace(/&amp;/g, '&')).searchParams.get('stp'));
  if (!catalog.has(key)) catalog.set(key, pictureName(path, Number(width), Number(height)));
}

function walk(catalog: Map<string, string>, value: unknown): void {
  if (Array.isArray(value)) {
    for (const v of value) walk(catalog, v);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const node = value as Json;
  for (const candidate of Array.isArray(node.image_versions2?.candidates) ? node.image_versions2.candidates : []) addPicture(catalog, candidate?.url, candidate?.width, candidate?.height);
  for (const resource of Array.isArray(node.display_resources) ? node.display_resources : []) addPicture(catalog, resource?.src, resource?.config_width, resource?.config_height);
  addPicture(catalog, node.display_url, node.dimensions?.width, node.dimensions?.height);
  const progressive = node.has_audio === false ? 'silent' : 'progressive';
  for (const version of Array.isArray(node.video_versions) ? node.video_versions : []) {
    const path = typeof version?.url === 'string' ? cdnPathOf(version.url) : undefined;
    // Threads' entries state no size: the media's original size says it.
    if (path) catalog.set(path, nearestClip(progressive, Number(version.width ?? node.original_width) || 0, Number(version.height ?? node.original_height) || 0));
  }
  // A Threads GIF: GIPHY's MP4 and Meta's proxied copy of it, silent clips of their stated size (GIPHY states strings).
  for (const rendition of [node.images?.fixed_height, node.first_party_cdn_proxied_images?.fixed_height]) {
    const path = typeof rendition?.mp4 === 'string' ? cdnPathOf(rendition.mp4) : undefined;
    if (path) catalog.set(path, nearestClip('silent', Number(rendition.width) || 0, Number(rendition.height) || 0));
  }
  if (typeof node.video_url === 'string') {
    const path = cdnPathOf(node.video_url);
    if (path) catalog.set(path, nearestClip(progressive, Number(node.dimensions?.width) || 0, Number(node.dimensions?.height) || 0));
  }
  if (typeof node.video_dash_manifest === 'string') addManifest(catalog, node.video_dash_manifest);
  for (const child of Object.values(node)) if (child && typeof child === 'object') walk(catalog, child);
}

/** CDN path → fixture file name, for every video URL of every post and story. */
export function buildMediaCatalog(fixtures: Fixtures): Map<string, string> {
  const catalog = new Map<string, string>();
  for (const post of fixtures.posts.values()) {
    walk(catalog, post.v1);
    walk(catalog, post.graphql);
  }
  for (const reel of fixtures.reels.values()) walk(catalog, reel.items);
  for (const thread of fixtures.threads.values()) walk(catalog, thread.post);
  return catalog;
}

/**
 * A square size an `stp` asks for (`dst-jpg_s150x150_tt6`: a profile picture's sizes), made at that size. A profile
 * picture (`t51.2885-19`) without any size is the original the profile page's query gives: 1080×1080 (instantgram #49).
 */
function stpSquare(path: string, stp: string | null | undefined): string | undefined {
  const size = stp ? /(?:^|_)s(\d{2,4})x(\d{2,4})(?:_|$)/.exec(stp) : null;
  if (size) return pictureName(path, Number(size[1]), Number(size[2]));
  return !stp && path.includes('/t51.2885-19/') && !/\/s\d{2,4}x\d{2,4}\//.test(path) ? pictureName(path, 1080, 1080) : undefined;
}

/**
 * The real file for a CDN path (and `stp`): a catalogued video or picture, a picture at the size its `stp` asks for,
 * or the WebP for any other .webp picture.
 */
export async function realMediaFor(catalog: Map<string, string>, path: string, stp?: string | null): Promise<MediaFile | undefined> {
  const name = catalog.get(pictureKey(path, stp)) ?? catalog.get(path) ?? stpSquare(path, stp) ?? (/\.webp$/i.test(path) ? 'photo.webp' : undefined);
  if (name && isPictureName(name)) return { name, ...(await madePicture(name)) };
  return name ? mediaFiles().get(name) : undefined;
}
