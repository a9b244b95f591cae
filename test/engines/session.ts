/**
 * What the smoke suite needs from a browser engine, whatever drives it: puppeteer over WebDriver BiDi (Firefox ESR)
 * or webdriverio over classic WebDriver (WebKitGTK). Each engine module opens one of these; smoke.ts runs the steps.
 */

/** A function run inside the page. It is sent as source text: it may use only its arguments and browser globals. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the drivers accept any serialisable arguments
export type InPage<R> = (...args: any[]) => R | Promise<R>;

export interface EngineSession {
  /** Engine and version, as the driver reports them. */
  readonly label: string;
  /** Where this engine's download manager saves files. */
  readonly downloadDir: string;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  run<R>(fn: InPage<R>, ...args: unknown[]): Promise<R>;
  /** Real key presses into the element. */
  type(selector: string, text: string): Promise<void>;
  click(selector: string): Promise<void>;
  /** Picks an option of a <select> by its position, as a user would. */
  choose(selector: string, index: number): Promise<void>;
  /** What the engine and its driver printed, for a failed test's report (where the engine's output is kept). */
  diagnostics?(): string;
  close(): Promise<void>;
}

/** Polls a condition inside the page until it holds; the error names what was awaited. */
export async function waitInPage(session: EngineSession, what: string, fn: InPage<boolean>, args: unknown[] = [], timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await session.run(fn, ...args)) return;
    if (Date.now() > deadline) throw new Error(`${session.label}: timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
