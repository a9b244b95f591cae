/**
 * Post pictures at the size their post states (a v1 candidate's width × height, a GraphQL display resource's
 * config size): one of the three demo photos (media/demo-{1,2,3}.jpg, picked by path), cropped and scaled to that
 * size with sharp on first request and kept for the process. So every photo quality saves the pixels its label
 * says (true-pixels.test.ts), with no file per size committed.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

export interface Picture {
  bytes: Buffer;
  type: string;
}

const NAME = /^photo-(\d+)x(\d+)-(\d)\.(jpg|webp)$/;
const DEMO_COUNT = 3;
const made = new Map<string, Promise<Picture>>();

/** The made picture's name for a CDN path stated at width × height (its format from the path's extension). */
export function pictureName(path: string, width: number, height: number): string {
  const variant = (createHash('sha256').update(path).digest()[2]! % DEMO_COUNT) + 1;
  return `photo-${width}x${height}-${variant}.${/\.webp$/i.test(path) ? 'webp' : 'jpg'}`;
}

export function isPictureName(name: string): boolean {
  return NAME.test(name);
}

/** The picture a name stands for, made once. */
export function madePicture(name: string): Promise<Picture> {
  let picture = made.get(name);
  if (picture) return picture;
  const [, width, height, variant, format] = NAME.exec(name) ?? [];
  if (!width || !height || !variant || !format) throw new Error(`not a picture name: ${name}`);
  const demo = readFileSync(new URL(`./media/demo-${variant}.jpg`, import.meta.url));
  const resized = sharp(demo).resize(Number(width), Number(height), { fit: 'cover' });
  picture = (format === 'webp' ? resized.webp({ quality: 60 }) : resized.jpeg({ quality: 70 }))
    .toBuffer()
    .then((bytes) => ({ bytes, type: format === 'webp' ? 'image/webp' : 'image/jpeg' }));
  made.set(name, picture);
  return picture;
}
