import { describe, expect, it } from 'vitest';
import { isOfflineError } from './offline-error.ts';

describe('isOfflineError', () => {
  it('is offline whatever the error when the browser says it is', () => {
    expect(isOfflineError(new Error('boom'), false)).toBe(true);
  });
  it('reads failed fetches and chunk imports as offline', () => {
    expect(isOfflineError(new TypeError('Failed to fetch'), true)).toBe(true);
    expect(isOfflineError(new TypeError('Failed to fetch dynamically imported module: /assets/blog-x.js'), true)).toBe(true);
    expect(isOfflineError(new TypeError('NetworkError when attempting to fetch resource.'), true)).toBe(true);
    expect(isOfflineError(new TypeError('Importing a module script failed.'), true)).toBe(true);
  });
  it('leaves real crashes and not-found pages alone', () => {
    expect(isOfflineError(new TypeError("Cannot read properties of undefined (reading 'x')"), true)).toBe(false);
    expect(isOfflineError({ status: 404, statusText: 'Not Found' }, true)).toBe(false);
    expect(isOfflineError(undefined, true)).toBe(false);
  });
});
