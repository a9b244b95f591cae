/**
 * The browser's check before any request (spec §5): the link must contain Instagram's domain;
 * the profile page also takes a bare username or @username. The server parses the link for real.
 */
const INSTAGRAM_DOMAIN = /(^|[./])(instagram\.com|instagr\.am|ddinstagram\.com)(\/|$|[?#:])/i;
const USERNAME = /^@?[A-Za-z0-9._]{1,30}$/;

export function looksLikeInstagramLink(input: string): boolean {
  const text = input.trim();
  if (text.length === 0 || text.length > 2048) return false;
  return INSTAGRAM_DOMAIN.test(text.replace(/^[a-z]+:\/\//i, ''));
}

export function looksLikeProfileInput(input: string): boolean {
  const text = input.trim();
  return USERNAME.test(text) || looksLikeInstagramLink(text);
}
