/**
 * Issue 36, the post side (docs/instagram.md, "The third pass, posts"): one switch per fact, off unless named
 * (`switches.enable2026(...)`). The answers are the ones the peers quote; where nobody quotes a whole answer,
 * the words are ours and say so.
 */
export const FACTS_2026_POSTS = [
  /**
   * PolarisPostRootQuery and the Polaris query answer HTTP 200 `{data: null, errors: [{message: "execution error",
   * code: 4630001, …}]}` for posts that exist (instaloader #2738, since 2026-09-04). Sporadic at Instagram; here
   * every such query answers it while the switch is on.
   */
  'execution-error',
  /** A session's REST call answers 302 to `/auth_platform/?apc=…`: a checkpoint (gallery-dl #9654). */
  'session-checkpoint',
  /**
   * The logged-out post queries (PolarisPostRootQuery, Polaris) answer a modern browser's request with the HTML
   * login shell, and the bare shape (`User-Agent: Mozilla/5.0`, a random lsd in form and X-FB-LSD, no cookies, no
   * app id) with JSON (OGInstagram `webLoggedOutSpec`, InstaFix-Revived). Off, the fake wants the page's tokens and
   * the web app id, as the other peers say, and answers the bare shape "useragent mismatch".
   */
  'bare-shape',
] as const;

/** The bare shape's user agent, as the peers send it. */
export const BARE_USER_AGENT = 'Mozilla/5.0';

/** Fact 1's answer (instaloader #2738 as the issue quotes it). */
export const EXECUTION_ERROR = {
  data: null,
  errors: [{ message: 'execution error', code: 4630001, summary: 'Bad Request', description: 'Media not found or unavailable', severity: 'CRITICAL' }],
  status: 'ok',
};

/** Where a checkpointed session is sent (gallery-dl #9654 saw `/auth_platform/recaptcha/`; the `apc` value is ours). */
export const CHECKPOINT_PATH = '/auth_platform/?apc=AfakeCheckpoint0';
