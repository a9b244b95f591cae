/**
 * deploy/compose.yaml as an operator brings it up (podman-compose here, docker compose elsewhere): two instances and
 * Redis on the compose network, the instances on their published ports, acting as one: both ready through Redis, and
 * one rate limit counted across the two. Start-up waits on no health check; the test runs each one itself.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFresh, waitForReady } from './containers.ts';
import { engine, ensureRedisImage, run } from './engine.ts';

const PORT = Number(process.env.IMAGE_TEST_PORT ?? 18080);
const PORTS = [PORT + 1, PORT + 2];
const PROJECT = `gramsave-compose-test-${process.pid}`;
const FILE = path.resolve('deploy/compose.yaml');
const INSTANCES = ['gramsave-1', 'gramsave-2'].map((service) => `${PROJECT}_${service}_1`);

const compose = (args: string[]) =>
  engine === 'docker'
    ? run(['compose', '-p', PROJECT, '-f', FILE, ...args], { cmd: 'docker' })
    : run(['-p', PROJECT, '-f', FILE, ...args], { cmd: 'podman-compose' });

beforeAll(async () => {
  ensureRedisImage();
  process.env.DOWNLOAD_SECRET = 'compose-test-secret-0123456789-abcdefghij';
  process.env.PUBLIC_ORIGIN = 'https://save.example.org';
  process.env.GRAMSAVE_PORT_1 = String(PORTS[0]);
  process.env.GRAMSAVE_PORT_2 = String(PORTS[1]);
  compose(['up', '-d']);
  await Promise.all(INSTANCES.map((name, i) => waitForReady(name, `http://127.0.0.1:${PORTS[i]}`)));
});

afterAll(() => {
  compose(['down', '-v']);
});

describe('deploy/compose.yaml', () => {
  it('brings up two instances that reach Redis by its name, each passing its health check', async () => {
    for (const [i, name] of INSTANCES.entries()) {
      const ready = await fetchFresh(`http://127.0.0.1:${PORTS[i]}/readyz`);
      expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
      expect(run(['healthcheck', 'run', name]).status).toBe(0);
      expect(run(['inspect', '--format', '{{.HostConfig.ReadonlyRootfs}}', name]).stdout.trim()).toBe('true');
    }
  });

  it('counts one rate limit across the two instances (Redis)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await fetchFresh(`http://127.0.0.1:${PORTS[i % 2]}/api/v1/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      statuses.push(res.status);
    }
    // 5 contact messages an hour per client across both: the 6th and 7th are refused whichever instance gets them.
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });

  it('stops both instances with exit 0', () => {
    // podman-compose 1.0.3 ignores stop_grace_period: the test gives the same 20 s itself.
    compose(['stop', '-t', '20']);
    for (const name of INSTANCES) expect(run(['inspect', '--format', '{{.State.ExitCode}}', name]).stdout.trim()).toBe('0');
  });
});
