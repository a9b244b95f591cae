/**
 * WebKitGTK's MiniBrowser from Debian, driven by webdriverio over classic WebDriver through Debian's WebKitWebDriver,
 * on a virtual X display (xvfb-run). We start the driver ourselves so webdriverio never looks for one to download.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { remote } from 'webdriverio';
import type { EngineSession, InPage } from './session.ts';

const DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The driver, its X server and MiniBrowser share one process group: one signal ends them all. */
async function startDriver(home: string): Promise<{ port: number; stop: () => void; output: () => string }> {
  const port = await freePort();
  let output = '';
  // A fresh HOME: a clean profile (no service worker from an earlier run), and WebKit saves downloads there.
  const child = spawn('xvfb-run', ['-a', '-s', '-screen 0 1280x900x24', DRIVER, `--port=${port}`], {
    detached: true,
    // The GL video sink would render through Mesa's software GL on this virtual display, where WebKit's copy of a
    // frame for a canvas times out (200 ms) on a busy machine; the demuxer and decoders under test are the same.
    env: { ...process.env, HOME: home, WEBKIT_GST_DISABLE_GL_SINK: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const stop = () => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/status`)).ok) return { port, stop, output: () => output };
    } catch {
      // Not listening yet: poll again until the deadline.
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      stop();
      throw new Error(`WebKitWebDriver did not start (exit ${child.exitCode}):\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function openWebKit(downloadDir: string): Promise<EngineSession> {
  const driver = await startDriver(downloadDir);
  let browser: WebdriverIO.Browser;
  try {
    browser = await remote({
      hostname: '127.0.0.1',
      port: driver.port,
      path: '/',
      logLevel: 'error',
      capabilities: {
        browserName: 'MiniBrowser',
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      } as WebdriverIO.Capabilities,
    });
  } catch (error) {
    driver.stop();
    throw new Error(`no WebKit session: ${String(error)}\n${driver.output()}`);
  }
  await browser.setTimeout({ script: 30_000, pageLoad: 30_000 });
  const label = `WebKitGTK ${String(browser.capabilities.browserVersion ?? '?')}`;
  return {
    label,
    downloadDir,
    goto: (url) => browser.url(url).then(() => undefined),
    reload: () => browser.refresh(),
    // Classic WebDriver's Execute Script awaits a returned promise, as puppeteer's evaluate does.
    run: <R>(fn: InPage<R>, ...args: unknown[]) => browser.execute(fn as (...a: unknown[]) => R, ...args) as Promise<R>,
    type: async (selector, text) => (await browser.$(selector)).addValue(text),
    click: async (selector) => (await browser.$(selector)).click(),
    choose: async (selector, index) => (await browser.$(selector)).selectByIndex(index),
    close: async () => {
      try {
        await browser.deleteSession();
      } finally {
        driver.stop();
      }
    },
  };
}
