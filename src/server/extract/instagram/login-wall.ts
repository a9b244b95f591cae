/** Login walls by their address: client.ts (a session walled off) and responses.ts (a failure) both ask. */

/**
 * Where Instagram puts a visitor it will not serve: its login page, a challenge, or (since 2026, and for an expired
 * session) its home page `/` (yt-dlp `_is_login_redirect`, gallery-dl #8714, #9731, yt-dlp #17278).
 */
export function isLoginWall(location: string): boolean {
  let path: string;
  try {
    path = new URL(location, 'https://www.instagram.com').pathname;
  } catch {
    return false;
  }
  return path === '/' || path.startsWith('/accounts/login') || path.startsWith('/challenge');
}
