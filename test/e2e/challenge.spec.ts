/**
 * The challenge in the browser (issue 32), on the site two ports up where every lookup needs it solved: a lookup sent
 * from the keyboard is answered 429 challenge_required, the page loads the solver only then (never in its start
 * chunks), says what it is doing in a status a screen reader reads, solves in a worker, and retries by itself; the
 * next lookup rides on the token without solving again.
 */
import { expect, test } from '@playwright/test';
import { FIXTURE } from '../fake-instagram/fixtures.ts';
import { E2E_PORT, linkBox, resultItems, started, strings, text, toast, toastsReady } from './helpers.ts';

const CHALLENGED = `http://127.0.0.1:${E2E_PORT + 2}`;

test('a lookup past the free ones solves the challenge by itself and goes on (Spanish page, keyboard)', async ({ page }) => {
  const es = strings('es');
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  const solverLoads = () => asked.filter((p) => /earn-token|pow-worker/.test(p));
  const answers: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/v1/resolve')) answers.push(response.status());
  });

  await test.step('the page starts without the solver', async () => {
    await page.goto(`${CHALLENGED}/es`);
    await started(page);
    await page.waitForLoadState('networkidle');
    expect(solverLoads()).toEqual([]);
  });

  await test.step('a lookup asked from the keyboard is challenged, solved in a worker, announced, and answered', async () => {
    await toastsReady(page);
    await linkBox(page).fill(`https://www.instagram.com/p/${FIXTURE.image}/`);
    await linkBox(page).press('Enter');
    await expect(toast(page, text(es, 'downloader.checking'))).toBeVisible({ timeout: 20_000 });
    await expect(resultItems(page).first()).toBeVisible({ timeout: 30_000 });
    expect(answers).toEqual([429, 200]);
    expect(solverLoads().some((p) => p.includes('pow-worker'))).toBe(true);
    expect(asked.filter((p) => p === '/api/v1/challenge' || p === '/api/v1/session')).toEqual(['/api/v1/challenge', '/api/v1/session']);
  });

  await test.step('the next lookup carries the token and is answered at once', async () => {
    await linkBox(page).fill(`https://www.instagram.com/p/${FIXTURE.reel}/`);
    await linkBox(page).press('Enter');
    await expect.poll(() => answers.length, { timeout: 30_000 }).toBe(3);
    expect(answers[2]).toBe(200);
    expect(asked.filter((p) => p === '/api/v1/challenge')).toHaveLength(1);
  });
});
