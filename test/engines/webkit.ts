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

/** What the driver and MiniBrowser printed: the first and the last part, so a hang's cause and its end both show. */
function keptOutput(): { keep: (chunk: Buffer) => void; text: () => string } {
  let head = '';
  let tail = '';
  return {
    keep: (chunk) => {
      if (head.length < 6000) head += chunk.toString();
      else tail = (tail + chunk.toString()).slice(-6000);
    },
    text: () => (tail ? `${head}\n…\n${tail}` : head),
  };
}

/** The driver, its X server and MiniBrowser share one process group: one signal ends them all. */
async function startDriver(home: string): Promise<{ port: number; stop: () => void; output: () => string }> {
  const port = await freePort();
  const output = keptOutput();
  // A fresh HOME: a clean profile (no service worker from an earlier run), and WebKit saves downloads there.
  const child = spawn('xvfb-run', ['-a', '-s', '-screen 0 1280x900x24', DRIVER, `--port=${port}`], {
    detached: true,
    // The GL video sink would render through Mesa's software GL on this virtual display, where WebKit's copy of a
    // frame for a canvas times out (200 ms) on a busy machine; the demuxer and decoders under test are the same.
    // GStreamer's warnings go to the kept output: a plugin that stalls the first page shows there.
    env: { ...process.env, HOME: home, WEBKIT_GST_DISABLE_GL_SINK: '1', GST_DEBUG: process.env.GST_DEBUG ?? '2' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', output.keep);
  child.stderr.on('data', output.keep);
  const stop = () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/status`)).ok) return { port, stop, output: output.text };
    } catch {
      // Not listening yet: poll again until the deadline.
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      stop();
      throw new Error(`WebKitWebDriver did not start (exit ${child.exitCode}):\n${output.text()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Rejects when `work` has not settled within `ms`. */
function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function launch(downloadDir: string): Promise<{ session: EngineSession; browser: WebdriverIO.Browser; stop: () => void }> {
  const driver = await startDriver(downloadDir);
  let browser: WebdriverIO.Browser;
  try {
    browser = await remote({
      hostname: '127.0.0.1',
      port: driver.port,
      path: '/',
      logLevel: 'error',
      // A command the engine does not answer fails within a test's time, once: webdriverio's defaults (120 s, three
      // retries) let one stalled command hold every later test until it timed out (CI, stop 42).
      connectionRetryTimeout: 40_000,
      connectionRetryCount: 0,
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
  const session: EngineSession = {
    label,
    downloadDir,
    goto: (url) => browser.url(url).then(() => undefined),
    reload: () => browser.refresh(),
    // Classic WebDriver's Execute Script awaits a returned promise, as puppeteer's evaluate does.
    run: <R>(fn: InPage<R>, ...args: unknown[]) => browser.execute(fn as (...a: unknown[]) => R, ...args) as Promise<R>,
    type: async (selector, text) => (await browser.$(selector)).addValue(text),
    click: async (selector) => (await browser.$(selector)).click(),
    choose: async (selector, index) => (await browser.$(selector)).selectByIndex(index),
    diagnostics: driver.output,
    close: async () => {
      try {
        await within(10_000, 'closing the WebKit session', browser.deleteSession());
      } finally {
        driver.stop();
      }
    },
  };
  return { session, browser, stop: driver.stop };
}

/**
 * A WebKit session that has loaded `firstPage` and runs script in it. A MiniBrowser whose first page never finishes
 * (CI, stop 42: every command after it timed out) is ended and started once more, and both outputs are kept.
 */
export async function openWebKit(downloadDir: string, firstPage: string): Promise<EngineSession> {
  const failures: string[] = [];
  for (let attempt = 1; attempt <= 2; attempt++) {
    const { session, browser, stop } = await launch(downloadDir);
    try {
      await within(45_000, `${session.label} loading ${firstPage}`, browser.url(firstPage));
      await within(15_000, `${session.label} running script`, browser.execute(() => document.readyState));
      if (failures.length) console.warn(`WebKit answered at its second start; the first one:\n${failures[0]}`);
      return session;
    } catch (error) {
      failures.push(`${String(error)}\n${session.diagnostics?.() ?? ''}`);
      stop();
    }
  }
  throw new Error(`WebKit did not load its first page in two starts:\n${failures.join('\n\n')}`);
}
