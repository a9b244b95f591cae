import { describe, expect, it } from 'vitest';
import { MAX_URL_LENGTH, resolveRequestSchema } from '../../shared/api-schemas.ts';
import { TOOL_IDS } from '../../shared/tools.ts';
import { readResolveRequest } from './resolve-request.ts';

const link = 'https://www.instagram.com/p/CODE123/';
const bodies: unknown[] = [
  { url: link },
  { url: `  ${link}\n` },
  { url: link, tool: undefined },
  ...TOOL_IDS.map((tool) => ({ url: link, tool })),
  { url: link, tool: 'reel' },
  { url: link, tool: 'VIDEO' },
  { url: link, tool: null },
  { url: link, tool: 3 },
  { url: link, extra: 'dropped', another: { deep: true } },
  { url: '' },
  { url: '   ' },
  { url: '\u00a0\u2028\ufeff' },
  { url: 'x' },
  { url: 'x'.repeat(MAX_URL_LENGTH) },
  { url: 'x'.repeat(MAX_URL_LENGTH + 1) },
  { url: ` ${'x'.repeat(MAX_URL_LENGTH)} ` },
  { url: '😀'.repeat(MAX_URL_LENGTH / 2) },
  { url: '😀'.repeat(MAX_URL_LENGTH / 2 + 1) },
  { url: 42 },
  { url: null },
  { url: [link] },
  { url: { href: link } },
  { link },
  {},
  [],
  [link],
  null,
  undefined,
  link,
  42,
  true,
  JSON.parse('{"url":"https://www.instagram.com/reel/X/","tool":"reels"}'),
  Object.assign(Object.create(null), { url: link }),
];

describe('readResolveRequest (the resolve body, read by resolveRequestSchema’s rules)', () => {
  it.each(bodies.map((body) => [JSON.stringify(body)?.slice(0, 60) ?? String(body), body]))('agrees with zod on %s', (_name, body) => {
    const ours = readResolveRequest(body);
    const zods = resolveRequestSchema.safeParse(body);
    expect(ours.success).toBe(zods.success);
    if (ours.success && zods.success) expect(ours.data).toEqual(zods.data);
    if (!ours.success && !zods.success) expect(ours.error.issues).toEqual(zods.error.issues);
  });

  it('answers the plain body without zod (the same object every visitor sends)', () => {
    const read = readResolveRequest({ url: ` ${link} `, tool: 'video' });
    expect(read).toEqual({ success: true, data: { url: link, tool: 'video' } });
  });
});
