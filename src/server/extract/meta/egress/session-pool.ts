/**
 * The sessions of IG_SESSIONID (one or several, comma-separated). Lookups that need a session take turns over the
 * live ones. Instagram sends an expired session to the login wall, a challenge or its home page `/` (yt-dlp #17278),
 * or answers login_required/checkpoint: such a session is set aside at once, said once in the log by a short hash
 * (never in full), counted, and shown in /readyz; the lookup goes on with the next one, or logged out.
 */
import { createHash } from 'node:crypto';

export interface Session {
  readonly id: string;
  /** 8 hex characters of SHA-256: enough to tell sessions apart in logs, useless to anyone reading them. */
  readonly hash: string;
  /** Its place in IG_SESSIONID: which egress it is pinned to. */
  readonly index: number;
  expiredAt?: number;
  reason?: string;
}

export interface SessionPoolStatus {
  configured: number;
  live: string[];
  expired: { session: string; expiredAt: string; reason: string }[];
}

export class SessionPool {
  private readonly sessions: Session[];
  private turn = 0;

  constructor(
    ids: readonly string[],
    private readonly onExpired?: (info: { session: string; reason: string; left: number }) => void,
  ) {
    this.sessions = ids.map((id, index) => ({ id, hash: sessionHash(id), index }));
  }

  /** Some session is still live. */
  get anyLive(): boolean {
    return this.sessions.some((s) => s.expiredAt === undefined);
  }

  /** Some live session that `skip` does not name (its proxy is not cooling down). */
  usable(skip: (session: Session) => boolean): boolean {
    return this.sessions.some((s) => s.expiredAt === undefined && !skip(s));
  }

  get size(): number {
    return this.sessions.length;
  }

  /** The next live session in turn (none that `skip` names: its proxy is cooling down), or undefined. */
  next(skip?: (session: Session) => boolean): Session | undefined {
    for (let i = 0; i < this.sessions.length; i++) {
      const session = this.sessions[(this.turn + i) % this.sessions.length]!;
      if (session.expiredAt === undefined && !skip?.(session)) {
        this.turn = (session.index + 1) % this.sessions.length;
        return session;
      }
    }
    return undefined;
  }

  /** The hashes of the live sessions `pinned` names (those of one egress, for /readyz). */
  pinnedTo(pinned: (session: Session) => boolean): string[] {
    return this.sessions.filter((s) => s.expiredAt === undefined && pinned(s)).map((s) => s.hash);
  }

  expire(session: Session, reason: string): void {
    if (session.expiredAt !== undefined) return;
    session.expiredAt = Date.now();
    session.reason = reason;
    this.onExpired?.({ session: session.hash, reason, left: this.sessions.filter((s) => s.expiredAt === undefined).length });
  }

  status(): SessionPoolStatus {
    return {
      configured: this.sessions.length,
      live: this.sessions.filter((s) => s.expiredAt === undefined).map((s) => s.hash),
      expired: this.sessions
        .filter((s) => s.expiredAt !== undefined)
        .map((s) => ({ session: s.hash, expiredAt: new Date(s.expiredAt!).toISOString(), reason: s.reason ?? '' })),
    };
  }
}

export function sessionHash(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex').slice(0, 8);
}
