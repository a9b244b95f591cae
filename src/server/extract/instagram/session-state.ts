/**
 * Whether the configured session (IG_SESSIONID) still works. Instagram sends an expired session to the login wall,
 * a challenge or its home page `/` (yt-dlp #17278), or answers login_required/checkpoint: from then on it is set
 * aside (lookups go on logged out), said once in the log, and shown in /readyz by a short hash, never in full.
 */
import { createHash } from 'node:crypto';

export class SessionState {
  private expiredAt?: number;
  private reason?: string;

  constructor(
    private readonly sessionId: string | undefined,
    private readonly onExpired?: (info: { session: string; reason: string }) => void,
  ) {}

  /** Configured and not walled off. */
  get live(): boolean {
    return Boolean(this.sessionId) && this.expiredAt === undefined;
  }

  expire(reason: string): void {
    if (!this.sessionId || this.expiredAt !== undefined) return;
    this.expiredAt = Date.now();
    this.reason = reason;
    this.onExpired?.({ session: sessionHash(this.sessionId), reason });
  }

  /** For /readyz: none, or the session's hash and whether it is live. */
  status(): { configured: false } | { configured: true; session: string; live: boolean; expiredAt?: string; reason?: string } {
    if (!this.sessionId) return { configured: false };
    return {
      configured: true,
      session: sessionHash(this.sessionId),
      live: this.live,
      ...(this.expiredAt !== undefined ? { expiredAt: new Date(this.expiredAt).toISOString(), reason: this.reason } : {}),
    };
  }
}

/** 8 hex characters of SHA-256: enough to tell sessions apart in logs, useless to anyone reading them. */
export function sessionHash(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex').slice(0, 8);
}
