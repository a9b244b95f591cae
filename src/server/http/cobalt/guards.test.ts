/** Who gets cobalt's instance info on GET / and who the page; which Accept headers cobalt's POST takes. */
import { describe, expect, it } from 'vitest';
import { acceptOf, wantsInstanceInfo } from './guards.ts';

const ORIGIN = 'https://gramsave.example';
const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('GET / negotiation', () => {
  it.each([
    ['Accept: application/json', { accept: 'application/json' }, true],
    ['axios’s Accept', { accept: 'application/json, text/plain, */*' }, true],
    ['cobalt’s web app (cross-site fetch, no Accept set)', { accept: '*/*', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors', origin: 'https://cobalt.tools' }, true],
    ['an extension’s fetch with only an Origin', { accept: '*/*', origin: 'chrome-extension://abc' }, true],
    ['Node’s fetch (it sends Sec-Fetch-Mode alone): cobalt-kit’s info()', { accept: '*/*', 'sec-fetch-mode': 'cors' }, true],
    ['a client that sends no Accept (gobalt, kobalt)', {}, true],
    ['a crawler (Accept names HTML)', { accept: 'text/html,application/xhtml+xml' }, false],
    ['Googlebot’s Accept', { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }, false],
    ['HTML refused', { accept: 'text/html;q=0, */*' }, true],
    ['a navigation', { accept: NAVIGATION, 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' }, false],
    ['a link followed from another site', { accept: NAVIGATION, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }, false],
    ['our service worker', { accept: '*/*', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }, false],
    ['our own page’s fetch with its Origin', { accept: '*/*', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', origin: ORIGIN }, false],
    ['curl', { accept: '*/*' }, true],
    ['our page’s fetch from a browser without Fetch Metadata', { accept: '*/*', origin: ORIGIN }, false],
    ['JSON weighed below HTML', { accept: 'text/html, application/json;q=0.5' }, false],
    ['JSON refused', { accept: 'application/json;q=0, text/html' }, false],
  ])('%s → %s', (_name, headers, json) => {
    expect(wantsInstanceInfo(headers, ORIGIN)).toBe(json);
  });
});

describe('acceptOf', () => {
  it('weighs the most specific range and says whether the type is named', () => {
    expect(acceptOf('application/json', 'application/json')).toEqual({ weight: 1, named: true });
    expect(acceptOf('application/*;q=0.4, */*;q=0.1', 'application/json')).toEqual({ weight: 0.4, named: false });
    expect(acceptOf('*/*', 'application/json')).toEqual({ weight: 1, named: false });
    expect(acceptOf('text/html', 'application/json')).toEqual({ weight: 0, named: false });
    expect(acceptOf('application/json;q=abc', 'application/json')).toEqual({ weight: 0, named: true });
    expect(acceptOf(undefined, 'application/json')).toEqual({ weight: 0, named: false });
  });
});
