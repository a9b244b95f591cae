/**
 * Whether a page failed because the visitor is offline: the browser says so, or its data or code could not be
 * fetched (a TypeError from fetch or a chunk import). Full page loads get the service worker's offline page; a move
 * inside the app lands in the error screen instead, which then says the same thing rather than "something went
 * wrong".
 */
export function isOfflineError(error: unknown, online: boolean): boolean {
  if (!online) return true;
  return error instanceof TypeError && /fetch|network|import/i.test(error.message);
}
