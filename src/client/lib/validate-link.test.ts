import { describe, expect, it } from 'vitest';
import { looksLikeLink, looksLikeProfileInput } from './validate-link.ts';

describe('looksLikeLink: what the box sends to the server', () => {
  it('takes Instagram’s links and Threads’ (issue 40), on every form', () => {
    for (const link of [
      'https://www.instagram.com/p/B866lKJgReK/',
      'instagr.am/p/B866lKJgReK',
      'https://www.threads.com/@zuck/post/CzecNnZPaxr',
      'https://www.threads.net/@zuck/post/CzecNnZPaxr/media?xmt=AQG',
      'threads.com/t/CzecNnZPaxr',
      'https://www.threads.com/@zuck',
      'barcelona://media?shortcode=CzecNnZPaxr',
    ]) {
      expect(looksLikeLink(link), link).toBe(true);
      expect(looksLikeProfileInput(link), link).toBe(true);
    }
  });

  it('refuses other sites, look-alike domains and nothing at all', () => {
    for (const text of ['', 'https://example.com/p/B866lKJgReK/', 'https://notthreads.com/@zuck/post/x', 'https://threads.company/x', 'threads', 'x'.repeat(2049)]) {
      expect(looksLikeLink(text), text).toBe(false);
    }
  });
});
