/** Login walls by their address and their answer: client.ts (who was walled off) and responses.ts (a failure) both ask. */

/**
 * Where Instagram puts a visitor it will not serve: its login page, a challenge or checkpoint, or (since 2026, and
 * for an expired session) its home page `/` (yt-dlp `_is_login_redirect`, gallery-dl #8714, #9731, yt-dlp #17278).
 */
export function isLoginWall(location: string): boolean {
  let path: string;
  try {
    path = new URL(location, 'https://www.instagram.com').pathname;
  } catch {
    return false;
  }
  // `/auth_platform/?apc=…` is a checkpoint, as `/challenge/` is (gallery-dl #9654, 2026-07; read 2026-11-27).
  return path === '/' || path.startsWith('/accounts/login') || path.startsWith('/challenge') || path.startsWith('/auth_platform');
}

/** An answer's status, headers and body: what the walls below read (client.ts's UpstreamResponse has this shape). */
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A redirect to one of the walls, as the path it went to, or undefined. */
export function redirectWall(res: Answer): string | undefined {
  const raw = res.headers.location;
  const location = Array.isArray(raw) ? raw[0] : raw;
  if (res.status >= 300 && res.status < 400 && location && isLoginWall(location)) return `redirected to ${new URL(location, 'https://www.instagram.com').pathname}`;
  return undefined;
}

/** How a session request's answer says Instagram walled the session off, or undefined. */
export function sessionWall(res: Answer): string | undefined {
  const redirected = redirectWall(res);
  if (redirected) return redirected;
  if ((res.status === 400 || res.status === 401 || res.status === 403) && /"(?:message|error_type)"\s*:\s*"(?:login_required|checkpoint_required|challenge_required)"/.test(res.body.slice(0, 2000))) {
    return 'answered login_required/checkpoint';
  }
  return undefined;
}
