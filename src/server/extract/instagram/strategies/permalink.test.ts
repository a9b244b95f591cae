/** The post page's prefetched answer (data-sjs → RelayPrefetchedStreamCache → xig_polaris_media), and hostile pages. */
import { describe, expect, it } from 'vitest';
import { loadSample, SAMPLE } from '../../../../../test/fake-instagram/samples.ts';
import { mediaFromPermalinkHtml, pageMedia, sjsScripts } from './permalink.ts';

const cache = (polaris: unknown) => ({
  require: [['ScheduledServerJS', 'handle', null, [{ __bbox: { require: [['RelayPrefetchedStreamCache', 'next', [], ['adp_1', { __bbox: { complete: true, result: { data: { xig_polaris_media: polaris } } } }]]] } }]]],
});
const page = (...scripts: string[]) => `<!DOCTYPE html><html><head></head><body>${scripts.map((s) => `<script type="application/json" data-content-len="9" data-sjs>${s}</script>`).join('')}</body></html>`;

describe('permalink', () => {
  it('reads the media the page prefetched, after scripts that hold other things', () => {
    const v1 = loadSample(SAMPLE.v1Image) as Record<string, unknown>;
    const html = page('{"require":[["ServerJS","handle",null,[{"define":[]}]]]}', 'not json', JSON.stringify(cache({ if_not_gated_logged_out: v1 })));
    const media = mediaFromPermalinkHtml(html, 'post');
    expect(media.shortcode).toBe(v1.code);
    expect(media.items.length).toBeGreaterThan(0);
  });

  it('a null or gated answer is empty; a page without it is empty; a page without data-sjs changed', () => {
    expect(() => mediaFromPermalinkHtml(page(JSON.stringify(cache(null))), 'post')).toThrow(expect.objectContaining({ kind: 'empty' }));
    expect(() => mediaFromPermalinkHtml(page(JSON.stringify(cache({ if_not_gated_logged_out: null }))), 'post')).toThrow(expect.objectContaining({ kind: 'empty', gated: true }));
    expect(() => mediaFromPermalinkHtml(page('{"require":[]}'), 'post')).toThrow(expect.objectContaining({ kind: 'empty' }));
    expect(() => mediaFromPermalinkHtml('<html><script>var x = 1</script></html>', 'post')).toThrow(expect.objectContaining({ kind: 'changed' }));
  });

  it('Polaris anywhere in the tree, the older web_info items, and data-sjs must be the attribute itself', () => {
    expect(pageMedia({ require: [['Other', { __bbox: { result: { data: { xig_polaris_media: { a: 1 } } } } }]] })).toEqual({ polaris: { a: 1 } });
    expect(pageMedia({ a: [{ xdt_api__v1__media__shortcode__web_info: { items: [] } }] })).toEqual({ webInfo: { items: [] } });
    expect(pageMedia({ require: [] })).toBeUndefined();
    expect(sjsScripts('<script data-sjsx>{}</script><script data-sjs>{"a":1}</script>')).toEqual(['{"a":1}']);
  });

  it('survives hostile pages: unclosed scripts, deep nesting, many scripts', () => {
    expect(sjsScripts('<script data-sjs>{"never":"closed"')).toEqual([]);
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    expect(() => mediaFromPermalinkHtml(page(deep), 'post')).toThrow(expect.objectContaining({ kind: 'empty' }));
    const many = page(...Array.from({ length: 1000 }, () => '{}'));
    expect(sjsScripts(many).length).toBeLessThanOrEqual(200);
  });
});
