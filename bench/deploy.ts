/**
 * The reference deployment on loopback (`npx tsx bench/deploy.ts`; needs nginx and redis-server, so it is
 * not part of `npm run bench` or CI): cached resolve throughput of one instance alone, one behind nginx,
 * and two instances sharing Redis behind nginx. Writes bench/deploy-results.json.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { FIXTURE } from '../test/fake-instagram/index.ts';
import { freePort, startTestRedis } from '../test/redis-server.ts';
import { startServerChild, type ServerChild } from './children.ts';

const NGINX = '/usr/sbin/nginx';
const here = path.dirname(fileURLToPath(import.meta.url));
const POSTS = [FIXTURE.image, FIXTURE.reel, FIXTURE.igtv, FIXTURE.carousel, FIXTURE.reel2025, FIXTURE.v1Image, FIXTURE.v1Reel, FIXTURE.v1Carousel];
const requests = POSTS.map((p) => ({
  method: 'POST',
  path: '/api/v1/resolve',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ url: `https://www.instagram.com/p/${p}/` }),
}));

/** The proxy part of docs/deploy.md's nginx.conf, on loopback, without TLS. */
function nginxConf(prefix: string, listenPort: number, upstreams: string[]): string {
  return `worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  large_client_header_buffers 4 32k;
  client_max_body_size 64k;
  upstream gramsave {
    least_conn;
${upstreams.map((u) => `    server ${u} max_fails=3 fail_timeout=10s;`).join('\n')}
    keepalive 64;
    keepalive_timeout 5s;
  }
  server {
    listen 127.0.0.1:${listenPort};
    location / {
      proxy_pass http://gramsave;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
    }
  }
}
`;
}

async function startNginx(upstreams: string[]): Promise<{ url: string; stop(): Promise<void> }> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'gramsave-nginx-'));
  const port = await freePort();
  writeFileSync(path.join(prefix, 'nginx.conf'), nginxConf(prefix, port, upstreams));
  const check = spawnSync(NGINX, ['-t', '-q', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx config: ${check.stderr}`);
  const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (up) break;
    if (i > 100) throw new Error('nginx did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

async function measure(label: string, url: string, connections: number, seconds: number) {
  for (const r of requests) {
    const res = await fetch(url + r.path, { method: 'POST', headers: r.headers, body: r.body });
    if (res.status !== 200) throw new Error(`${label}: warm-up resolve answered ${res.status}`);
    await res.arrayBuffer();
  }
  await autocannon({ url, connections, duration: 2, requests });
  const result = await autocannon({ url, connections, duration: seconds, requests, timeout: 10 });
  const figures = {
    label,
    reqPerSec: Math.round(result.requests.mean),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
  process.stderr.write(`${JSON.stringify(figures)}\n`);
  return figures;
}

async function main() {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} not installed (apt-get install -y nginx)`);
  const connections = Number(process.env.CONNECTIONS ?? 100);
  const seconds = Number(process.env.SECONDS ?? 10);
  const redis = await startTestRedis();
  const children: ServerChild[] = [];
  const results = [];
  try {
    const single = await startServerChild({ env: { REDIS_URL: redis.url } });
    children.push(single);
    results.push(await measure('1 instance, direct', single.url, connections, seconds));
    const proxyOne = await startNginx([single.url.replace('http://', '')]);
    results.push(await measure('1 instance behind nginx', proxyOne.url, connections, seconds));
    await proxyOne.stop();

    const second = await startServerChild({ env: { REDIS_URL: redis.url } });
    children.push(second);
    const proxyTwo = await startNginx(children.map((c) => c.url.replace('http://', '')));
    results.push(await measure('2 instances + Redis behind nginx', proxyTwo.url, connections, seconds));
    await proxyTwo.stop();
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    await redis.stop();
  }
  const out = { date: new Date().toISOString(), cpus: os.cpus().length, connections, seconds, results };
  writeFileSync(path.join(here, 'deploy-results.json'), JSON.stringify(out, null, 2) + '\n');
  console.table(results);
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
