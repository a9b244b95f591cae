/**
 * The browser's check before any request (spec §5): the link must contain Instagram's or Threads' domain (or be
 * one of their apps' links); the profile page also takes a bare username or @username. The server parses the link
 * for real.
 */
const LINK_DOMAIN = /(^|[./])(instagram\.com|instagr\.am|ddinstagram\.com|threads\.com|threads\.net)(\/|$|[?#:])/i;
/** Threads' app link, `barcelona://media?shortcode=…` (src/shared/link.ts). */
const THREADS_APP_LINK = /(^|\s)barcelona:\/\/media\?/i;
const USERNAME = /^@?[A-Za-z0-9._]{1,30}$/;

export function looksLikeLink(input: string): boolean {
  const text = input.trim();
  if (text.length === 0 || text.length > 2048) return false;
  return LINK_DOMAIN.test(text.replace(/^[a-z]+:\/\//i, '')) || THREADS_APP_LINK.test(text);
}

export function looksLikeProfileInput(input: string): boolean {
  const text = input.trim();
  return USERNAME.test(text) || looksLikeLink(text);
}
