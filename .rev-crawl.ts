import { chromium } from 'playwright-core';
import { allPagePaths, localizePath } from '/work/main/src/shared/routes.ts';
import { LANGUAGES } from '/work/main/src/shared/languages.ts';
const base = 'http://localhost:8098';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync'] });
const langs = (process.env.LANGS ?? LANGUAGES.map(l=>l.code).join(',')).split(',');
const width = Number(process.env.W ?? 320);
const ctx = await browser.newContext({ viewport: { width, height: 700 } });
const paths = [...allPagePaths(), '/no-such-page/x'];
for (const lang of langs) {
  const page = await ctx.newPage();
  for (const p of paths) {
    const url = localizePath(lang as any, p);
    const errs: string[] = [];
    page.removeAllListeners('console'); page.removeAllListeners('pageerror');
    page.on('console', m => { if (m.type()==='error' || m.type()==='warning') errs.push(m.type()+': '+m.text().slice(0,200)); });
    page.on('pageerror', e => errs.push('pageerror '+e.message.slice(0,200)));
    await page.goto(base + url, { waitUntil: 'networkidle' });
    const info = await page.evaluate(() => {
      const sw = document.scrollingElement!.scrollWidth, iw = window.innerWidth;
      const wide: string[] = [];
      if (sw > iw) for (const el of document.querySelectorAll('body *')) { const r = el.getBoundingClientRect(); if (r.right > iw + 1 && r.width>0) wide.push(el.tagName + '.' + (el.className+'').slice(0,40) + ':' + (el.textContent||'').slice(0,30)); }
      return { sw, iw, wide: wide.slice(0,5), lang: document.documentElement.lang, url: location.pathname };
    });
    const bad = errs.length || info.sw > info.iw || info.lang !== lang;
    if (bad) console.log(lang, url, '->', info.url, JSON.stringify(info), errs);
  }
  await page.close();
  console.log('done', lang);
}
await browser.close();
