/** `npm run dev`: the API on API_PORT (default 8081) and the Vite dev server (which proxies /api to it). */
import { spawn } from 'node:child_process';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';

const apiPort = Number(process.env.API_PORT ?? 8081);
const app = await buildApp(loadConfig({ ...process.env, PORT: String(apiPort) }));
await app.listen({ port: apiPort, host: '127.0.0.1' });

const vite = spawn('npx', ['react-router', 'dev'], { stdio: 'inherit', env: { ...process.env, API_PORT: String(apiPort) } });
const stop = () => {
  vite.kill('SIGTERM');
  void app.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
vite.on('exit', (code) => void app.close().then(() => process.exit(code ?? 0)));
