/**
 * Vitest global setup for `npm run test:image`: the base image (or its stand-in), then `npm run image`'s build of
 * localhost/gramsave:latest, which the tests run. A build with nothing changed takes seconds (cached layers).
 */
import { buildImage, IMAGE } from '../../scripts/image.mjs';
import { engine, ensureBaseImage } from './engine.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    image: string;
  }
}

export default function setup({ provide }: { provide: (key: 'image', value: string) => void }): void {
  ensureBaseImage();
  const started = Date.now();
  buildImage({ engine });
  console.log(`image built in ${Math.round((Date.now() - started) / 1000)} s`);
  provide('image', IMAGE);
}
