/**
 * The operator kit (deploy/prometheus, deploy/grafana) against real parts: promtool checks and unit-tests the alert
 * rules; a real Prometheus scrapes the real app (against the fake Instagram, after a few lookups and a download) and
 * evaluates every rule, and runs every dashboard query; rules and panels name only metrics the product exports.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsRegistry } from '../src/server/metrics.ts';
import { fakeUpstreamEnv, startApp, type AppRig } from './app-rig.ts';
import { FIXTURE, startFakeInstagram, type FakeInstagram } from './fake-instagram/index.ts';
import { exportedNames, metricNamesIn } from './promql-names.ts';
import { prometheusAvailable, PROMTOOL_BIN, startPrometheus, type TestPrometheus } from './prometheus-server.ts';
import { freePort } from './redis-server.ts';

const run = promisify(execFile);
const ALERTS = path.resolve('deploy/prometheus/alerts.yml');
const ALERT_TESTS = path.resolve('deploy/prometheus/alerts.test.yml');
const DASHBOARD = JSON.parse(readFileSync('deploy/grafana/gramsave.json', 'utf8')) as Dashboard;
/** The job the rules and docs/deploy.md name; `up` is the one series Prometheus itself makes of the scrape. */
const JOB = 'gramsave';

interface Dashboard {
  templating: { list: { name: string; definition?: string }[] };
  panels: { id: number; type: string; title: string; targets?: { expr: string }[] }[];
}
interface RuleGroup {
  rules: { name: string; query: string; health: string; lastError?: string; lastEvaluation: string; type: string }[];
}

const panelQueries = () => DASHBOARD.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ title: p.title, expr: t.expr })));
/** What Grafana substitutes before it asks: every instance, a rate window a few 1 s scrapes long, a short range. */
const asGrafanaSends = (expr: string) => expr.replaceAll('$instance', '.*').replaceAll('$__rate_interval', '10s').replaceAll('$__range', '1m');

describe.skipIf(!prometheusAvailable())('operator kit', () => {
  it('promtool checks the alert rules and passes their unit tests', async () => {
    const check = await run(PROMTOOL_BIN, ['check', 'rules', ALERTS]);
    expect(check.stdout).toMatch(/SUCCESS: \d+ rules found/);
    const tests = await run(PROMTOOL_BIN, ['test', 'rules', ALERT_TESTS]);
    expect(tests.stdout).toContain('SUCCESS');
  });

  it('the dashboard is well formed: unique panel ids, a query in every panel, the data source a variable', () => {
    const ids = DASHBOARD.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of DASHBOARD.panels.filter((p) => p.type !== 'row')) expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    expect(readFileSync('deploy/grafana/gramsave.json', 'utf8')).not.toMatch(/"uid": "(?!\$\{datasource\}|gramsave")/);
  });

  describe('against a real Prometheus scraping the app', () => {
    let fake: FakeInstagram;
    let rig: AppRig;
    let prometheus: TestPrometheus;
    let scrape: string;

    beforeAll(async () => {
      // Prometheus first: its discovery hands the scrape loop its targets only after about 5 s (a fixed throttle in
      // Prometheus 2), time the app and the lookups use meanwhile.
      const metricsPort = await freePort();
      prometheus = await startPrometheus({ job: JOB, targets: [`127.0.0.1:${metricsPort}`], ruleFiles: [ALERTS] });
      fake = await startFakeInstagram();
      // The unit tests share one module graph per worker (vitest.config.ts: isolate false), so the process's one
      // registry holds what earlier files counted (an expired session, their 400s): this app starts from zero.
      metricsRegistry.resetMetrics();
      rig = await startApp({ env: { ...fakeUpstreamEnv(fake), METRICS_PORT: String(metricsPort) }, withBuild: true });
      const resolve = (code: string) =>
        fetch(`${rig.base}/api/v1/resolve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: `https://www.instagram.com/p/${code}/` }) });
      const found = (await (await resolve(FIXTURE.image)).json()) as { items: { downloadUrl: string }[] };
      expect((await resolve('Cnotthere01')).status).toBe(404);
      expect((await resolve(FIXTURE.image)).status).toBe(200);
      expect((await fetch(`${rig.base}${found.items[0]!.downloadUrl}`).then((res) => res.arrayBuffer())).byteLength).toBeGreaterThan(0);
      scrape = await (await fetch(`${rig.app.metricsUrl()}/metrics`)).text();
      // Two scrapes at least (a rate over the panels' 10 s window needs two samples), and every rule evaluated.
      await waitUntil(async () => {
        const samples = await prometheus.api<{ result: unknown[] }>(`query?query=${encodeURIComponent('count_over_time(gramsave_ready[10s])')}`);
        const groups = await prometheus.api<{ groups: RuleGroup[] }>('rules');
        const evaluated = groups.groups.flatMap((g) => g.rules).every((r) => !r.lastEvaluation.startsWith('0001'));
        return evaluated && Number((samples.result[0] as { value?: [number, string] } | undefined)?.value?.[1] ?? 0) >= 2;
      });
    });

    afterAll(async () => {
      await prometheus?.stop();
      await rig?.close();
      await fake?.close();
    });

    it('scrapes the app and evaluates every alert rule without error', async () => {
      const targets = await prometheus.api<{ activeTargets: { health: string; labels: { job: string } }[] }>('targets');
      expect(targets.activeTargets.map((t) => [t.labels.job, t.health])).toEqual([[JOB, 'up']]);
      const rules = (await prometheus.api<{ groups: RuleGroup[] }>('rules')).groups.flatMap((g) => g.rules);
      const { stdout } = await run(PROMTOOL_BIN, ['check', 'rules', ALERTS]);
      expect(rules).toHaveLength(Number(/(\d+) rules found/.exec(stdout)![1]));
      for (const rule of rules) expect([rule.name, rule.type, rule.health, rule.lastError ?? '']).toEqual([rule.name, 'alerting', 'ok', '']);
      // A healthy app fires nothing (pending is allowed: a loaded machine may lag for a moment).
      const alerts = await prometheus.api<{ alerts: { state: string; labels: { alertname: string } }[] }>('alerts');
      expect(alerts.alerts.filter((a) => a.state === 'firing').map((a) => a.labels.alertname)).toEqual([]);
    });

    it('runs every dashboard query, and the lookups, the cache, media and the process show data', async () => {
      const results = new Map<string, unknown[]>();
      for (const { title, expr } of panelQueries()) {
        const data = await prometheus.api<{ result: unknown[] }>(`query?query=${encodeURIComponent(asGrafanaSends(expr))}`);
        results.set(title, [...(results.get(title) ?? []), ...data.result]);
      }
      for (const variable of DASHBOARD.templating.list.filter((v) => v.definition)) {
        const metric = /^label_values\((\w+), (\w+)\)$/.exec(variable.definition!);
        const values = await prometheus.api<string[]>(`label/${metric![2]}/values?match[]=${metric![1]}`);
        expect(values).toEqual([new URL(rig.app.metricsUrl()!).host]);
      }
      for (const title of ['Ready', 'Lookups by outcome', 'Strategy steps by outcome', 'Cache hit ratio', 'Egress events', 'Media throughput', 'Downloads by route and status', 'Event-loop lag p99', 'Memory', 'CPU']) {
        expect(results.get(title)?.length, title).toBeGreaterThan(0);
      }
      const outcomes = (results.get('Lookups by outcome') as { metric: { status: string } }[]).map((r) => r.metric.status).sort();
      expect(outcomes).toEqual(['200', '404']);
    });

    it('rules and panels name only metrics the product exports', async () => {
      const exported = exportedNames(scrape).add('up');
      const rules = (await prometheus.api<{ groups: RuleGroup[] }>('rules')).groups.flatMap((g) => g.rules);
      const named = [
        ...rules.map((r) => ({ where: `rule ${r.name}`, expr: r.query })),
        ...panelQueries().map((q) => ({ where: `panel ${q.title}`, expr: q.expr })),
        ...DASHBOARD.templating.list.filter((v) => v.definition).map((v) => ({ where: `variable ${v.name}`, expr: v.definition!.replace(/^label_values\((\w+),.*$/, '$1') })),
      ];
      for (const { where, expr } of named) {
        const names = [...metricNamesIn(expr)];
        expect(names.length, where).toBeGreaterThan(0);
        expect(names.filter((name) => !exported.has(name)), where).toEqual([]);
      }
    });
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Prometheus did not scrape and evaluate in time');
    await new Promise((r) => setTimeout(r, 250));
  }
}
