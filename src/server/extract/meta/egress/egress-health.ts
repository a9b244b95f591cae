/**
 * Each egress's own health: a proxy that refuses connections, or an address Instagram answers 429, cools down
 * (15 s, doubling with each failure in a row, at most 5 minutes) while the others carry the lookups.
 */
export class EgressHealth {
  private readonly coolUntil = new Map<string, number>();
  private readonly failures = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  coolDown(key: string): void {
    const failures = (this.failures.get(key) ?? 0) + 1;
    this.failures.set(key, failures);
    this.coolUntil.set(key, this.now() + Math.min(300_000, 15_000 * 2 ** (failures - 1)));
  }

  ok(key: string): void {
    if (!this.failures.has(key)) return;
    this.failures.delete(key);
    this.coolUntil.delete(key);
  }

  cooling(key: string): boolean {
    return (this.coolUntil.get(key) ?? 0) > this.now();
  }

  /** Milliseconds left, for /readyz (0 when healthy). */
  coolingFor(key: string): number {
    return Math.max(0, (this.coolUntil.get(key) ?? 0) - this.now());
  }
}
