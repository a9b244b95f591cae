/**
 * A bare username (or @username) typed into the story page: it opens that profile's view (issue 30) instead of
 * asking for a link. A link is never a name here, so story and highlight links keep their own lookup.
 */
const NAME = /^@?([A-Za-z0-9._]{1,30})$/;

export function bareUsername(input: string): string | null {
  const match = NAME.exec(input.trim());
  if (!match) return null;
  const name = match[1]!;
  // Dots alone, or a domain-looking word such as instagram.com, are not names.
  if (/^\.+$/.test(name) || /\.(com|am|net|org)$/i.test(name)) return null;
  return name.toLowerCase();
}
