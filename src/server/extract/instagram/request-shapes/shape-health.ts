/**
 * How each request shape is doing, per GraphQL query, tracked as post strategies are (health.ts: a window of
 * outcomes, demotion after three different posts refused in a row). A shape Instagram refuses (its HTML login
 * page where JSON was asked, "useragent mismatch", page tokens refused twice: graphql.ts `refusesShape`) moves
 * behind the other for that query, so the next time the
 * query runs (at the latest when its strategy's own probe comes a minute later) it goes out in the other shape: no
 * deploy is needed when Instagram changes its mind, and no lookup pays a second request for it. A demoted shape is
 * probed again after ten strategy probes, so it does not take its place back on the very probe that is to try the
 * other. Any other failure (a broken endpoint's garbage, walls, throttles, stale doc ids) says nothing of the shape
 * and is not counted: it is the strategy's.
 */
import { StrategyHealth, type StrategyStatus } from '../../health.ts';
import { REQUEST_SHAPES, type RequestShapeName } from './shapes.ts';

export class RequestShapes {
  private readonly health: StrategyHealth;

  constructor(strategyProbeMs: number) {
    this.health = new StrategyHealth(50, 3, strategyProbeMs * 10);
  }

  private key(query: string, shape: RequestShapeName): string {
    return `${query}@${shape}`;
  }

  /** The shape to send this query in now: the healthiest. */
  first(query: string): RequestShapeName {
    return this.health.order(REQUEST_SHAPES.map((shape) => this.key(query, shape)))[0]!.slice(query.length + 1) as RequestShapeName;
  }

  /** One answer to a query sent in a shape, for a target (the query's variables): it answered, or refused the shape. */
  record(query: string, shape: RequestShapeName, outcome: 'ok' | 'refused', target: string): void {
    this.health.record(this.key(query, shape), outcome === 'ok' ? 'ok' : 'changed', target);
  }

  status(query: string): Record<RequestShapeName, StrategyStatus> {
    return Object.fromEntries(REQUEST_SHAPES.map((shape) => [shape, this.health.status(this.key(query, shape))])) as Record<RequestShapeName, StrategyStatus>;
  }

  /** Forget every outcome (tests that share one app). */
  reset(): void {
    this.health.reset();
  }
}
