#!/usr/bin/env node
/**
 * `npm run contact:list [-- --limit N] [-- --json]`: print stored contact messages, newest first,
 * from DATA_DIR/gramsave.db (DATA_DIR defaults to ./data). Opens the database read-only, so it is
 * safe while the server runs (WAL lets a reader work beside the writer).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';

const USAGE = 'usage: npm run contact:list -- [--limit N] [--json]';

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let args;
try {
  args = parseArgs({
    options: { limit: { type: 'string', default: '50' }, json: { type: 'boolean', default: false } },
  }).values;
} catch (err) {
  fail(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
}
const limit = Number(args.limit);
if (!Number.isInteger(limit) || limit < 1) fail(`--limit must be a positive whole number\n${USAGE}`);

const dataDir = path.resolve(process.env.DATA_DIR || './data');
const file = path.join(dataDir, 'gramsave.db');
if (!existsSync(file)) {
  process.stdout.write(`No contact messages: there is no database at ${file} yet (it is created when the server starts).\n`);
  process.exit(0);
}

const db = new Database(file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const hasTable = db
  .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'contact_messages'")
  .pluck()
  .get();
if (!hasTable) {
  db.close();
  process.stdout.write(`No contact messages: ${file} has no contact_messages table yet.\n`);
  process.exit(0);
}

const total = db.prepare('SELECT COUNT(*) FROM contact_messages').pluck().get();
const rows = db
  .prepare(
    `SELECT id, created_at, name, email, message, language, forwarded_at, forward_error
     FROM contact_messages ORDER BY id DESC LIMIT ?`,
  )
  .all(limit);
db.close();

/**
 * Stored text is a visitor's: control characters (ESC sequences could clear the screen or plant links, CR could
 * overwrite a line) and bidirectional overrides (which reorder a line) are printed as visible escapes.
 * The API refuses them today; rows stored before that, or written by other tools, are escaped all the same.
 */
const BIDI = '\u200e\u200f\u202a-\u202e\u2066-\u2069';
const UNSAFE = new RegExp(`[\\p{Cc}${BIDI}]`, 'gu');
const escapeChar = (c) => `\\u{${c.codePointAt(0).toString(16)}}`;
const printable = (text, keep = '') => String(text ?? '').replace(UNSAFE, (c) => (keep.includes(c) ? c : escapeChar(c)));

if (args.json) {
  // JSON.stringify escapes control characters already; the bidirectional controls it leaves raw.
  const json = JSON.stringify({ total, messages: rows }, null, 2).replace(new RegExp(`[${BIDI}]`, 'gu'), (c) => `\\u${c.codePointAt(0).toString(16).padStart(4, '0')}`);
  process.stdout.write(json + '\n');
  process.exit(0);
}

const out = [`${total} contact message${total === 1 ? '' : 's'} in ${file}${total > rows.length ? ` (newest ${rows.length} shown)` : ''}`];
for (const r of rows) {
  const forward = r.forwarded_at ? `forwarded ${r.forwarded_at}` : r.forward_error ? `forward failed: ${printable(r.forward_error)}` : 'not forwarded';
  out.push('');
  out.push(`#${r.id}  ${printable(r.created_at)}  ${printable(r.name)} <${printable(r.email)}>${r.language ? `  [${printable(r.language)}]` : ''}  (${forward})`);
  for (const line of String(r.message).split('\n')) out.push(`    ${printable(line, '\t')}`);
}
process.stdout.write(out.join('\n') + '\n');
