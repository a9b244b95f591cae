/**
 * Links that arrive in the page address: `?url=` (a deep link, or the web app manifest's share target), `?u=`
 * (cobalt's web app's: dimden's extension sends a carousel or an error there, `https://<instance>/?u=<link>`),
 * or `?text=` / `?title=` holding a shared message that contains a link somewhere inside: Instagram's or Threads'
 * (the Threads app shares `https://www.threads.com/@user/post/<code>?xmt=…` with a line of the post before it),
 * the first one in the text.
 */
const LINK_IN_TEXT =
  /(?:https?:\/\/)?(?:[a-z0-9-]+\.)*(?:instagram\.com|instagr\.am|ddinstagram\.com|threads\.com|threads\.net)\/[^\s<>"'()]*|barcelona:\/\/media\?[^\s<>"'()]*/i;

export function sharedLinkFrom(search: string): string | null {
  const params = new URLSearchParams(search);
  const url = (params.get('url') ?? params.get('u'))?.trim();
  if (url) return url;
  for (const name of ['text', 'title']) {
    const found = LINK_IN_TEXT.exec(params.get(name) ?? '');
    if (found) return found[0].replace(/[.,;:!?]+$/, '');
  }
  return null;
}
