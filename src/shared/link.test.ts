import { describe, expect, it } from 'vitest';
import { canonicalUrl, linkKey, parseLink, type LinkParseResult, type ParsedLink } from './link.ts';
import type { ToolId } from './tools.ts';

const post = (shortcode: string): ParsedLink => ({ kind: 'post', shortcode });
const reel = (shortcode: string): ParsedLink => ({ kind: 'reel', shortcode });
const igtv = (shortcode: string): ParsedLink => ({ kind: 'igtv', shortcode });
const share = (shareId: string, path: string): ParsedLink => ({ kind: 'share', shareId, path });
const story = (username: string, storyId?: string): ParsedLink =>
  storyId ? { kind: 'story', username, storyId } : { kind: 'story', username };
const highlight = (highlightId: string): ParsedLink => ({ kind: 'highlight', highlightId });
const profile = (username: string): ParsedLink => ({ kind: 'profile', username });
const INVALID = 'invalid_url' as const;
const UNSUPPORTED = 'unsupported' as const;

// [input, expected, tool?]
const CASES: [string, ParsedLink | typeof INVALID | typeof UNSUPPORTED, ToolId?][] = [
  // posts
  ['https://www.instagram.com/p/CAanWEbg_do/', post('CAanWEbg_do')],
  ['https://www.instagram.com/p/CAanWEbg_do', post('CAanWEbg_do')],
  ['http://instagram.com/p/B866lKJgReK/', post('B866lKJgReK')],
  ['instagram.com/p/B866lKJgReK', post('B866lKJgReK')],
  ['www.instagram.com/p/B866lKJgReK/', post('B866lKJgReK')],
  ['https://m.instagram.com/p/B866lKJgReK/', post('B866lKJgReK')],
  ['HTTPS://WWW.INSTAGRAM.COM/p/B866lKJgReK/', post('B866lKJgReK')],
  ['https://www.instagram.com/p/Cji5EVwNDcC/?igsh=MTc4MmM1YmI2Ng==', post('Cji5EVwNDcC')],
  ['https://www.instagram.com/p/Cji5EVwNDcC/?igshid=YmMyMTA2M2Y=', post('Cji5EVwNDcC')],
  ['https://www.instagram.com/p/Cji5EVwNDcC/?utm_source=ig_web_copy_link&utm_medium=share', post('Cji5EVwNDcC')],
  ['https://www.instagram.com/p/Cji5EVwNDcC/#comments', post('Cji5EVwNDcC')],
  ['https://www.instagram.com/p/Cji5EVwNDcC/?img_index=2#x', post('Cji5EVwNDcC')],
  ['https://www.instagram.com/p/CjoroLDKakw/embed/', post('CjoroLDKakw')],
  ['https://www.instagram.com/p/CjoroLDKakw/embed/captioned/', post('CjoroLDKakw')],
  ['https://www.instagram.com/p/CjoroLDKakw/c/17937689771425841/', post('CjoroLDKakw')],
  ['https://www.instagram.com/natgeo/p/CAanWEbg_do/', post('CAanWEbg_do')],
  ['https://www.instagram.com/p/-_abcDEF123/', post('-_abcDEF123')],
  ['  https://www.instagram.com/p/B866lKJgReK/  \n', post('B866lKJgReK')],
  ['Look at this 😍 https://www.instagram.com/p/B866lKJgReK/?igsh=abc so cool', post('B866lKJgReK')],
  ['(https://www.instagram.com/p/B866lKJgReK/)', post('B866lKJgReK')],
  ['"https://www.instagram.com/p/B866lKJgReK"', post('B866lKJgReK')],
  ['link:https://instagram.com/p/B866lKJgReK.', post('B866lKJgReK')],
  ['https://www.instagram.com/p/B866lKJgReK/, and more', post('B866lKJgReK')],
  ['Two links https://www.instagram.com/p/AAAA/ https://www.instagram.com/p/BBBB/', post('AAAA')],
  ['https://www.instagram.com:443/p/B866lKJgReK/', post('B866lKJgReK')],
  // private-post shortcodes run long (up to 48)
  ['https://www.instagram.com/p/' + 'A'.repeat(48) + '/', post('A'.repeat(48))],
  ['https://www.instagram.com/p/' + 'A'.repeat(49) + '/', UNSUPPORTED],
  // reels
  ['https://www.instagram.com/reel/CDmDQNtlRYt/', reel('CDmDQNtlRYt')],
  ['https://www.instagram.com/reels/CDmDQNtlRYt/', reel('CDmDQNtlRYt')],
  ['https://www.instagram.com/reel/DFp17y5MymE/?igsh=NTc4MTIwNjQ2YQ==', reel('DFp17y5MymE')],
  ['https://www.instagram.com/ones_makau/reel/DFp17y5MymE/', reel('DFp17y5MymE')],
  ['instagram.com/reel/DFp17y5MymE/embed/captioned', reel('DFp17y5MymE')],
  ['https://www.instagram.com/reels/', UNSUPPORTED],
  ['https://www.instagram.com/reels/audio/1234567890/', UNSUPPORTED],
  // IGTV
  ['https://www.instagram.com/tv/CAOK1qJgfRM/', igtv('CAOK1qJgfRM')],
  ['https://instagram.com/tv/CAOK1qJgfRM?utm_source=ig_embed', igtv('CAOK1qJgfRM')],
  // mirrors
  ['https://ddinstagram.com/p/B866lKJgReK/', post('B866lKJgReK')],
  ['https://d.ddinstagram.com/reel/CDmDQNtlRYt/', reel('CDmDQNtlRYt')],
  ['https://g.ddinstagram.com/p/CAanWEbg_do/', post('CAanWEbg_do')],
  ['https://www.ddinstagram.com/tv/CAOK1qJgfRM/', igtv('CAOK1qJgfRM')],
  ['http://instagr.am/p/B866lKJgReK/', post('B866lKJgReK')],
  ['instagr.am/p/B866lKJgReK', post('B866lKJgReK')],
  // share links
  ['https://www.instagram.com/share/BAM8e0cpBh/', share('BAM8e0cpBh', '/share/BAM8e0cpBh/')],
  ['https://www.instagram.com/share/p/BAM8e0cpBh', share('BAM8e0cpBh', '/share/p/BAM8e0cpBh/')],
  ['https://www.instagram.com/share/reel/_VmN3lJ0k/?igsh=abc', share('_VmN3lJ0k', '/share/reel/_VmN3lJ0k/')],
  ['https://www.instagram.com/share/', UNSUPPORTED],
  // stories and highlights
  ['https://www.instagram.com/stories/manchesterunited/2947279356150690264/', story('manchesterunited', '2947279356150690264')],
  ['https://www.instagram.com/stories/ManchesterUnited/2947279356150690264?utm_source=ig_story_item_share&igsh=x', story('manchesterunited', '2947279356150690264')],
  ['https://instagram.com/stories/manchesterunited/', story('manchesterunited')],
  ['https://www.instagram.com/stories/manchesterunited', story('manchesterunited')],
  ['https://www.instagram.com/stories/highlights/17890000000000001/', highlight('17890000000000001')],
  ['https://www.instagram.com/s/aGlnaGxpZ2h0OjE3ODkwMDAwMDAwMDAwMDAx?igsh=x', highlight('17890000000000001')],
  // Instagram's share link to one highlight item names it in story_media_id ({pk} or {pk}_{user id}).
  ['https://www.instagram.com/s/aGlnaGxpZ2h0OjE3ODkwMDAwMDAwMDAwMDAx?story_media_id=3300000000000000001_491527077&igsh=x', { kind: 'highlight', highlightId: '17890000000000001', storyId: '3300000000000000001' }],
  ['https://www.instagram.com/stories/highlights/17890000000000001/?story_media_id=33', { kind: 'highlight', highlightId: '17890000000000001', storyId: '33' }],
  // The app's own link to a post: the pk, as a shortcode.
  ['instagram://media?id=2250368604040140682', post('B866lKJgReK')],
  ['open instagram://media?id=3560614185974049156_1234 now', post('DFp17y5MymE')],
  // Every profile tab is the profile.
  ['https://www.instagram.com/natgeo/posts/', profile('natgeo')],
  ['https://www.instagram.com/natgeo/tagged/', profile('natgeo')],
  ['https://www.instagram.com/s/aGlnaGxpZ2h0OjE3ODkwMDAwMDAwMDAwMDAx', highlight('17890000000000001')],
  ['https://www.instagram.com/s/bm90LWEtaGlnaGxpZ2h0', UNSUPPORTED],
  ['https://www.instagram.com/stories/highlights/abc/', UNSUPPORTED],
  ['https://www.instagram.com/stories/someone/notanumber/', UNSUPPORTED],
  ['https://www.instagram.com/stories/', UNSUPPORTED],
  // profiles
  ['https://www.instagram.com/natgeo/', profile('natgeo')],
  ['https://www.instagram.com/NatGeo?hl=en', profile('natgeo')],
  ['instagram.com/john.doe_99', profile('john.doe_99')],
  ['https://www.instagram.com/natgeo/reels/', profile('natgeo')],
  ['https://www.instagram.com/natgeo/tagged/', profile('natgeo')],
  ['https://www.instagram.com/_u/natgeo', profile('natgeo')],
  ['https://m.instagram.com/natgeo', profile('natgeo')],
  ['natgeo', profile('natgeo'), 'profile'],
  ['@natgeo', profile('natgeo'), 'profile'],
  ['  @Nat.Geo_1  ', profile('nat.geo_1'), 'profile'],
  ['https://www.instagram.com/natgeo/', profile('natgeo'), 'profile'],
  ['natgeo', INVALID],
  ['@natgeo', INVALID, 'video'],
  ['@', INVALID, 'profile'],
  ['nat geo', INVALID, 'profile'],
  ['a'.repeat(31), INVALID, 'profile'],
  // Instagram links we do not serve
  ['https://www.instagram.com/explore/tags/cats/', UNSUPPORTED],
  ['https://www.instagram.com/explore/locations/123/paris/', UNSUPPORTED],
  ['https://www.instagram.com/accounts/login/', UNSUPPORTED],
  ['https://www.instagram.com/direct/inbox/', UNSUPPORTED],
  ['https://www.instagram.com/', UNSUPPORTED],
  ['instagram.com', UNSUPPORTED],
  ['https://help.instagram.com/1234', UNSUPPORTED],
  ['https://about.instagram.com/blog', UNSUPPORTED],
  ['https://www.instagram.com/p/', UNSUPPORTED],
  ['https://www.instagram.com/natgeo/followers/extra/', UNSUPPORTED],
  // not Instagram at all
  ['', INVALID],
  ['   ', INVALID],
  ['hello world', INVALID],
  ['https://www.tiktok.com/@user/video/123', INVALID],
  ['https://notinstagram.com/p/B866lKJgReK/', INVALID],
  ['https://instagram.com.evil.example/p/B866lKJgReK/', INVALID],
  ['https://evil.example/?next=instagram.com/p/B866lKJgReK/', INVALID],
  ['https://evil.example/instagram.com/p/B866lKJgReK/', INVALID],
  ['ftp://example.com', INVALID],
];

describe('parseLink', () => {
  it('has a table of at least 60 real-world forms', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
  });

  it.each(CASES)('%j', (input, expected, tool) => {
    const result = parseLink(input, tool ? { tool } : {});
    const want: LinkParseResult = typeof expected === 'string' ? { ok: false, error: expected } : { ok: true, link: expected };
    expect(result).toEqual(want);
  });
});

describe('canonicalUrl and linkKey', () => {
  it('gives instagram.com links that parse back to the same target', () => {
    const links: ParsedLink[] = [
      post('B866lKJgReK'),
      reel('DFp17y5MymE'),
      igtv('CAOK1qJgfRM'),
      share('BAM8e0cpBh', '/share/p/BAM8e0cpBh/'),
      story('manchesterunited', '2947279356150690264'),
      story('manchesterunited'),
      highlight('17890000000000001'),
      profile('natgeo'),
    ];
    for (const link of links) {
      const url = canonicalUrl(link);
      expect(url.startsWith('https://www.instagram.com/')).toBe(true);
      expect(parseLink(url)).toEqual({ ok: true, link });
    }
  });

  it('keys one media the same whatever the link form', () => {
    expect(linkKey(post('B866lKJgReK'))).toBe(linkKey(reel('B866lKJgReK')));
    expect(linkKey(story('a', '1'))).not.toBe(linkKey(story('a')));
  });
});
