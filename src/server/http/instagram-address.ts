/**
 * Instagram's own paths on our address (issue 37 point 16): replacing `instagram.com` with the site's address in a
 * link (`/p/<code>`, `/reel/<code>`, `/stories/<user>/<id>`, `/<user>/`, as ddinstagram made people expect) opens
 * that result. The site answers with a redirect to the tool that shows it, the link in `?url=` (which looks it up
 * on arrival), in the visitor's language. It is asked only for an address that is no page, redirect or file of
 * ours (routes.ts decidePath first), so a username equal to a route name never shadows the route.
 */
import { canonicalUrl, parseLink, type ParsedLink } from '../../shared/link.ts';
import { toolById, type ToolId } from '../../shared/tools.ts';

/**
 * Names that are files a browser or a bot asks for (`/favicon.ico`, `/wp-login.php`, `/.env`), never a username:
 * Instagram's names hold letters, digits, `_` and `.`, but no dot at either end and no two in a row. A name
 * ending like a domain (`evil.com`) is read as one, as the story page reads a typed name (profile-name.ts).
 */
const FILE_LIKE = /(^\.|\.$|\.\.|\.(?:html?|php\d?|aspx?|jsp|cgi|js|mjs|css|map|json|xml|txt|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|zip|gz|rar|sql|bak|env|ya?ml|ini|log|cfg|conf|com|net|org|am)$)/i;

/** The tool whose page shows a link of each kind (the home page, for a post that may be a photo or a video). */
function toolOf(link: ParsedLink): ToolId | 'home' {
  switch (link.kind) {
    case 'reel':
      return 'reels';
    case 'igtv':
      return 'igtv';
    case 'story':
    case 'highlight':
      return 'story';
    case 'profile':
      return 'profile';
    default:
      return 'home';
  }
}

/**
 * Where an address of ours that is an Instagram path goes (path without our language prefix, with its raw query):
 * the page (a path without language prefix) and the link for its `?url=`; undefined when it is no Instagram link
 * we serve.
 */
export function instagramAddress(path: string, query: string): { page: string; url: string } | undefined {
  const segments = path.split('/').filter(Boolean);
  if (segments.length === 0 || segments.some((segment) => FILE_LIKE.test(segment))) return undefined;
  const parsed = parseLink(`https://www.instagram.com${path}${query}`);
  if (!parsed.ok) return undefined;
  const { link } = parsed;
  if (link.kind === 'thread' || link.kind === 'threads-profile') return undefined;
  const tool = toolOf(link);
  // A profile opens as the tools take a name typed in the box: `@name` (the profile-picture tool and its view).
  const url = link.kind === 'profile' ? `@${link.username}` : canonicalUrl(link);
  return { page: tool === 'home' ? '/' : toolById(tool).path, url };
}
