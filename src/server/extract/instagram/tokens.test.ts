import { describe, expect, it } from 'vitest';
import { dashAudioUrl } from '../meta/renditions.ts';
import { classifyStatus, readJson } from './responses.ts';
import { parseCsrfCookie, parseCsrfInPage, parseLsd } from './tokens.ts';

describe('web tokens', () => {
  it('reads LSD from the define array or from the __eqmc script', () => {
    expect(parseLsd('<script>{"define":[["LSD",[],{"token":"AVq1x-Yz"},323]]}</script>')).toBe('AVq1x-Yz');
    expect(parseLsd('<script type="application/json" id="__eqmc">{"u":"/x","l":"AVpLsd2"}</script>')).toBe('AVpLsd2');
    expect(parseLsd('<html>nothing</html>')).toBeUndefined();
  });
  it('reads csrftoken from Set-Cookie, one or many', () => {
    expect(parseCsrfCookie(['ig_did=1; Path=/', 'csrftoken=abc123; Path=/; Secure'])).toBe('abc123');
    expect(parseCsrfCookie('csrftoken=zzz; Max-Age=1')).toBe('zzz');
    expect(parseCsrfCookie(undefined)).toBeUndefined();
  });
  it('reads the csrf_token a page carries when it sets no cookie (2026)', () => {
    expect(parseCsrfInPage('<script type="application/json">{"config":{"csrf_token":"a1B2c3D4e5F6g7H8","viewer":null}}</script>')).toBe('a1B2c3D4e5F6g7H8');
    expect(parseCsrfInPage('<html>"csrf_token":""</html>')).toBeUndefined();
  });
});

describe('failure signals (PROTOCOL)', () => {
  const res = (status: number, body: string, headers: Record<string, string> = {}) => ({ status, headers, body });
  it.each([
    [res(302, '', { location: 'https://www.instagram.com/accounts/login/?next=/p/x/' }), 'login_required'],
    [res(302, '', { location: 'https://www.instagram.com/challenge/?next=/' }), 'login_required'],
    // The anonymous throttle carries require_login, but it is throttling (2026 issue 22), and so is the spam guard.
    [res(401, '{"message":"Please wait a few minutes before you try again.","require_login":true,"status":"fail"}'), 'rate_limited'],
    [res(401, '{"message":"login_required","require_login":true,"status":"fail"}'), 'login_required'],
    [res(400, '{"message":"feedback_required","spam":true,"feedback_title":"Try Again Later","status":"fail"}'), 'rate_limited'],
    // The login wall since 2026 is also the home page.
    [res(302, '', { location: 'https://www.instagram.com/' }), 'login_required'],
    [res(302, '', { location: '/' }), 'login_required'],
    [res(302, '', { location: 'https://www.instagram.com/p/other/' }), 'changed'],
    // web_profile_info of a live business account: the endpoint is broken, the user is not gone.
    [res(400, '{"message":"Asset 1250 of type ig_business_category_subvertical has been deleted or is not accessible","status":"fail"}'), 'changed'],
    [res(404, '{"message":"Media not found or unavailable","status":"fail"}'), 'not_found'],
    [res(429, '{"message":"Please wait a few minutes before you try again.","status":"fail"}', { 'retry-after': '30' }), 'rate_limited'],
    [res(400, '{"message":"Please wait a few minutes before you try again.","status":"fail"}'), 'rate_limited'],
    [res(400, '{"message":"useragent mismatch","status":"fail"}'), 'changed'],
    [res(400, '{"message":"Not authorized to view user","status":"fail"}'), 'private'],
    [res(404, '<html>Sorry</html>'), 'not_found'],
    [res(500, '<html>5xx</html>'), 'unavailable'],
    [res(418, 'teapot'), 'changed'],
  ] as const)('%j → %s', (response, kind) => {
    expect(classifyStatus(response, 'test')?.kind).toBe(kind);
  });
  it('HTML where JSON was expected is a changed upstream; status fail is classified', () => {
    expect(() => readJson(res(200, '<!DOCTYPE html><html></html>'), 'x')).toThrow(/expected JSON/);
    expect(() => readJson(res(200, '{"status":"fail","message":"checkpoint_required"}'), 'x')).toThrow(expect.objectContaining({ kind: 'login_required' }));
    expect(classifyStatus(res(429, '', { 'retry-after': '30' }), 'x')?.retryAfterSeconds).toBe(30);
  });
  it('a manifest without an audio AdaptationSet has no audio track', () => {
    expect(dashAudioUrl('<MPD><AdaptationSet><Representation mimeType="video/mp4"><BaseURL>https://a/v.mp4</BaseURL></Representation></AdaptationSet></MPD>')).toBeUndefined();
    expect(dashAudioUrl(null)).toBeUndefined();
  });
  it('reads the audio set after a video set, and ignores an unclosed one', () => {
    const video = '<AdaptationSet mimeType="video/mp4"><BaseURL>https://a/v.mp4</BaseURL></AdaptationSet>';
    const audio = '<AdaptationSet mimeType="audio/mp4"><Representation><BaseURL>https://a/a.m4a?x=1&amp;y=2</BaseURL></Representation></AdaptationSet>';
    expect(dashAudioUrl(`<MPD>${video}${audio}</MPD>`)).toBe('https://a/a.m4a?x=1&y=2');
    expect(dashAudioUrl(`<MPD>${video}${'<AdaptationSet mimeType="audio/mp4">'.repeat(2000)}</MPD>`)).toBeUndefined();
  });
});
