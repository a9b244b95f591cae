/**
 * A real Prometheus (Debian's `prometheus` package) for the operator kit's test: a free loopback port, a temporary
 * data directory, a config scraping the given targets every second with the given rule files, killed by stop().
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './redis-server.ts';

export const PROMETHEUS_BIN = process.env.PROMETHEUS_BIN ?? '/usr/bin/prometheus';
export const PROMTOOL_BIN = process.env.PROMTOOL_BIN ?? '/usr/bin/promtool';

/** Skips without Prometheus on a developer machine; in CI (which installs it) it always runs. */
export function prometheusAvailable(): boolean {
  return (existsSync(PROMETHEUS_BIN) && existsSync(PROMTOOL_BIN)) || process.env.CI === 'true';
}

export interface TestPrometheus {
  origin: string;
  /** GET /api/v1/<path> and its `data` (throws on an error answer). */
  api<T>(pathAndQuery: string): Promise<T>;
  stop(): Promise<void>;
}

export async function startPrometheus(options: { job: string; targets: string[]; ruleFiles: string[] }): Promise<TestPrometheus> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-prometheus-'));
  const config = {
    global: { scrape_interval: '1s', scrape_timeout: '1s', evaluation_interval: '1s' },
    rule_files: options.ruleFiles,
    scrape_configs: [{ job_name: options.job, static_configs: [{ targets: options.targets }] }],
  };
  // JSON is YAML: no YAML writer needed.
  writeFileSync(path.join(dir, 'prometheus.yml'), JSON.stringify(config));
  const port = await freePort();
  const child = spawn(
    PROMETHEUS_BIN,
    [`--config.file=${path.join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${path.join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) await new Promise<void>((resolve) => child.once('exit', () => resolve()).kill('SIGKILL'));
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    const ready = await fetch(`${origin}/-/ready`).then((res) => res.ok, () => false);
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`prometheus did not start: ${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    async api<T>(pathAndQuery: string): Promise<T> {
      const body = (await (await fetch(`${origin}/api/v1/${pathAndQuery}`)).json()) as { status: string; data: T; error?: string };
      if (body.status !== 'success') throw new Error(`prometheus /api/v1/${pathAndQuery}: ${body.error}`);
      return body.data;
    },
    stop,
  };
}
