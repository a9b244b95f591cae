import { Histogram, Registry } from 'prom-client';
import { describe, expect, it, vi } from 'vitest';
import { RouteHistogram } from './route-histogram.ts';

const config = (registry: Registry) => ({
  name: 'route_seconds',
  help: 'per route',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.002, 0.005, 0.01, 1],
  registers: [registry],
});

const observations: [string, string, string, number][] = [
  ['POST', '/api/v1/resolve', '200', 0.0004],
  ['POST', '/api/v1/resolve', '200', 0.003],
  ['POST', '/api/v1/resolve', '200', 0.002],
  ['GET', '/api/v1/media/:token', '400', 0.02],
  ['POST', '/api/v1/resolve', '429', 7],
  ['POST', '/api/v1/resolve', '200', 0.009],
  ['GET', 'unmatched', '404', 0.001],
  ['GET', '/api/v1/media/:token', '400', 2],
];

describe('RouteHistogram (the request-duration histogram)', () => {
  it('exposes what a plain prom-client Histogram exposes after the same observations, a reset included', async () => {
    const plainRegistry = new Registry();
    const ownRegistry = new Registry();
    const plain = new Histogram(config(plainRegistry));
    const own = new RouteHistogram(config(ownRegistry));
    const observeBoth = () => {
      for (const [method, route, status, seconds] of observations) {
        plain.observe({ method, route, status }, seconds);
        own.observeRequest(method, route, status, seconds);
      }
    };
    observeBoth();
    observeBoth();
    expect(await ownRegistry.metrics()).toBe(await plainRegistry.metrics());
    expect(await ownRegistry.metrics()).toContain('route_seconds_count{method="POST",route="/api/v1/resolve",status="200"} 8');
    plain.reset();
    own.reset();
    observeBoth();
    expect(await ownRegistry.metrics()).toBe(await plainRegistry.metrics());
  });

  it('counts a label set it has seen without observe() (prom-client still files entries under the key it reads)', () => {
    const own = new RouteHistogram(config(new Registry()));
    own.observeRequest('POST', '/api/v1/resolve', '200', 0.001);
    const observe = vi.spyOn(own, 'observe');
    own.observeRequest('POST', '/api/v1/resolve', '200', 0.001);
    own.observeRequest('POST', '/api/v1/resolve', '200', 0.5);
    expect(observe).not.toHaveBeenCalled();
    own.observeRequest('POST', '/api/v1/resolve', '500', 0.001);
    expect(observe).toHaveBeenCalledTimes(1);
  });

  it('refuses what observe() refuses', () => {
    const own = new RouteHistogram(config(new Registry()));
    own.observeRequest('GET', '/healthz', '200', 0.001);
    expect(() => own.observeRequest('GET', '/healthz', '200', Number.NaN)).toThrow(TypeError);
  });
});
