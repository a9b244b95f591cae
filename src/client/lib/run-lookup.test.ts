import { describe, expect, it } from 'vitest';
import { TOOL_IDS } from '../../shared/tools.ts';
import { runLookup, type LookupPage } from './run-lookup.ts';
import { looksLikeLink, looksLikeProfileInput } from './validate-link.ts';

/** A page that records what the lookup asked of it, making no request. */
function pageOf(formId: LookupPage['formId']) {
  const asked: string[] = [];
  const profile = formId === 'profile';
  const page: LookupPage = {
    formId,
    profile,
    valid: (value) => (profile || formId === 'story' ? looksLikeProfileInput(value) : looksLikeLink(value)),
    t: (key) => key,
    startBatch: () => asked.push('batch'),
    toProfile: (username) => asked.push(`profile:${username}`),
    ...(formId === 'story' ? { toProfileView: (username: string) => asked.push(`view:${username}`) } : {}),
    fail: ({ key }) => asked.push(`fail:${key}`),
    begin: () => asked.push('begin'),
    log: () => undefined,
    succeed: () => asked.push('succeed'),
    end: () => asked.push('end'),
  };
  return { page, asked };
}

describe('runLookup', () => {
  it('opens the profile of an @username typed into any tool’s box, not "enter a valid URL" (issue 37 point 7)', async () => {
    for (const formId of ['home', 'video', 'photo', 'reels', 'igtv'] as const) {
      const { page, asked } = pageOf(formId);
      await runLookup(' @NatGeo ', page);
      expect(asked, formId).toEqual(['profile:natgeo']);
    }
    const story = pageOf('story');
    await runLookup('@natgeo', story.page);
    expect(story.asked).toEqual(['view:natgeo']);
    expect(TOOL_IDS).toContain('profile');
  });

  it('still asks for a link when the box holds neither a link nor a name', async () => {
    const { page, asked } = pageOf('video');
    await runLookup('not a link at all', page);
    expect(asked).toEqual(['fail:errors.invalidUrl']);
  });
});
