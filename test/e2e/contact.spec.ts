/**
 * The contact form in the browser: a message is stored in SQLite and the page says so; a server-side
 * field error is shown translated and what was typed stays.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { e2eDataDir } from './data-dir.ts';
import { E2E_PORT, strings, text } from './helpers.ts';

function storedMessages(): { name: string; email: string; message: string; language: string | null }[] {
  const db = new Database(path.join(e2eDataDir(E2E_PORT), 'gramsave.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT name, email, message, language FROM contact_messages').all() as never;
  } finally {
    db.close();
  }
}

test('a message is sent, stored and acknowledged (French page)', async ({ page }) => {
  const fr = strings('fr');
  const marker = `Bonjour, un test du formulaire ${Date.now()}`;
  await page.goto('/fr/contact');
  await page.getByLabel(text(fr, 'contact.name')).fill('Camille');
  await page.getByLabel(text(fr, 'contact.email')).fill('camille@example.com');
  await page.getByLabel(text(fr, 'contact.message')).fill(marker);
  // People take more than a few seconds to write; faster submissions are treated as bots.
  await page.waitForTimeout(3200);
  await page.getByRole('button', { name: text(fr, 'contact.send') }).click();
  await expect(page.getByText(text(fr, 'contact.success'))).toBeVisible();
  await expect(page.getByLabel(text(fr, 'contact.message'))).toHaveValue('');
  const stored = storedMessages().find((m) => m.message === marker);
  expect(stored).toMatchObject({ name: 'Camille', email: 'camille@example.com', language: 'fr' });
});

test('a message the server refuses shows the translated reason and keeps what was typed', async ({ page }) => {
  const de = strings('de');
  await page.goto('/de/contact');
  await page.getByLabel(text(de, 'contact.name')).fill('Jonas');
  await page.getByLabel(text(de, 'contact.email')).fill('jonas@example.com');
  await page.getByLabel(text(de, 'contact.message')).fill('Kurz');
  await page.waitForTimeout(3200);
  await page.getByRole('button', { name: text(de, 'contact.send') }).click();
  await expect(page.getByText(text(de, 'contact.invalidMessage')).first()).toBeVisible();
  await expect(page.getByLabel(text(de, 'contact.message'))).toHaveValue('Kurz');
  // The field to correct takes the focus (the disabled Send button had dropped it).
  await expect(page.getByLabel(text(de, 'contact.message'))).toBeFocused();
  await expect(page.getByLabel(text(de, 'contact.name'))).toHaveValue('Jonas');
});
