/** What one lookup may still wait for request tokens, all its requests together (IG_EGRESS_MAX_WAIT_MS). */
export class WaitAllowance {
  private leftMs: number;

  constructor(maxWaitMs: number) {
    this.leftMs = maxWaitMs;
  }

  /** Aborts when the allowance left is spent (at once when nothing is left). */
  signal(): AbortSignal {
    return this.leftMs > 0 ? AbortSignal.timeout(this.leftMs) : AbortSignal.abort(new Error('wait allowance spent'));
  }

  spent(ms: number): void {
    this.leftMs -= ms;
  }
}
