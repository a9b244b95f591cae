/** Firefox ESR from Debian, headless, driven by puppeteer-core over WebDriver BiDi (no browser download). */
import puppeteer from 'puppeteer-core';
import type { EngineSession, InPage } from './session.ts';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export async function openFirefox(downloadDir: string): Promise<EngineSession> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    // Downloads go straight to our folder, as a user's "save without asking" setting would send them.
    extraPrefsFirefox: {
      'browser.download.dir': downloadDir,
      'browser.download.folderList': 2,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
    },
  });
  const page = await browser.newPage();
  const label = `Firefox ${(await browser.version()).replace(/^firefox\//i, '')}`;
  return {
    label,
    downloadDir,
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    reload: async () => void (await page.reload({ waitUntil: 'load' })),
    run: <R>(fn: InPage<R>, ...args: unknown[]) => page.evaluate(fn as (...a: unknown[]) => Promise<R>, ...args),
    type: (selector, text) => page.type(selector, text),
    click: (selector) => page.click(selector),
    choose: async (selector, index) => {
      const value = await page.$eval(selector, (select, at) => (select as HTMLSelectElement).options[at]?.value ?? null, index);
      if (value === null) throw new Error(`${label}: no option ${index} in ${selector}`);
      await page.select(selector, value);
    },
    close: () => browser.close(),
  };
}
