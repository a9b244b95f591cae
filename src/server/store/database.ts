/**
 * The embedded SQLite database (DATA_DIR/gramsave.db): opened once at start-up, tuned for durability
 * (WAL + synchronous=FULL: a committed write survives a killed process and a power loss), and brought
 * to the current schema by numbered migrations, each applied in its own transaction.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { messageHash, type MessageWords } from './contact-message-hash.ts';

export type SqliteDatabase = Database.Database;

export const DATABASE_FILE = 'gramsave.db';
const BUSY_TIMEOUT_MS = 5_000;

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Work SQL cannot do (a hash), run after `sql` in the same transaction. */
  backfill?: (db: SqliteDatabase) => void;
}

/** The schema's history. Append only: never edit a migration that has shipped. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'contact messages',
    sql: `
      CREATE TABLE install_settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE contact_messages (
        id               INTEGER PRIMARY KEY AUTOINCREMENT,
        created_at       TEXT NOT NULL,
        name             TEXT NOT NULL,
        email            TEXT NOT NULL,
        message          TEXT NOT NULL,
        language         TEXT,
        ip_hash          TEXT,
        user_agent       TEXT,
        forwarded_at     TEXT,
        forward_error    TEXT,
        forward_attempts INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX contact_messages_unforwarded ON contact_messages (id) WHERE forwarded_at IS NULL;
    `,
  },
  {
    version: 2,
    name: 'contact idempotency keys',
    // The page's key for one message: a retry after a lost answer finds the message it already stored.
    sql: `
      ALTER TABLE contact_messages ADD COLUMN idempotency_key TEXT;
      CREATE UNIQUE INDEX contact_messages_idempotency ON contact_messages (idempotency_key) WHERE idempotency_key IS NOT NULL;
    `,
  },
  {
    version: 3,
    name: 'contact idempotency keys bound to the message',
    // A key alone let another message under the same key be answered with the first one's id and dropped: the key
    // counts together with the message's hash (contact-message-hash.ts). Stored keyed rows get their hash here.
    sql: `
      ALTER TABLE contact_messages ADD COLUMN message_hash TEXT;
      DROP INDEX contact_messages_idempotency;
      CREATE UNIQUE INDEX contact_messages_idempotency_message ON contact_messages (idempotency_key, message_hash)
        WHERE idempotency_key IS NOT NULL;
    `,
    backfill: (db) => {
      const rows = db.prepare('SELECT id, name, email, message FROM contact_messages WHERE idempotency_key IS NOT NULL').all() as (MessageWords & { id: number })[];
      const set = db.prepare('UPDATE contact_messages SET message_hash = ? WHERE id = ?');
      for (const row of rows) set.run(messageHash(row), row.id);
    },
  },
];

export class DatabaseVersionError extends Error {}

export function openDatabase(dataDir: string, migrations: readonly Migration[] = MIGRATIONS): SqliteDatabase {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, DATABASE_FILE));
  try {
    // busy_timeout first: switching to WAL and migrating take locks another process may hold.
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    migrate(db, migrations);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

/** Apply pending migrations in order; returns the versions applied now. */
export function migrate(db: SqliteDatabase, migrations: readonly Migration[] = MIGRATIONS): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const appliedNow: number[] = [];
  const known = Math.max(0, ...migrations.map((m) => m.version));
  const current = () =>
    (db.prepare('SELECT COALESCE(MAX(version), 0) FROM schema_migrations').pluck().get() as number) ?? 0;
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    // IMMEDIATE takes the write lock first, so two processes starting together cannot both apply it.
    db.transaction(() => {
      if (current() >= migration.version) return;
      db.exec(migration.sql);
      migration.backfill?.(db);
      record.run(migration.version, migration.name, new Date().toISOString());
      appliedNow.push(migration.version);
    }).immediate();
  }
  const version = current();
  if (version > known) {
    throw new DatabaseVersionError(
      `Database schema version ${version} is newer than this build knows (${known}): refusing to run an older Gramsave on it`,
    );
  }
  return appliedNow;
}

/** The per-install secret salt (created on first use), e.g. for hashing client IPs. */
export function installSalt(db: SqliteDatabase): string {
  db.prepare('INSERT OR IGNORE INTO install_settings (key, value) VALUES (?, ?)').run(
    'ip_salt',
    randomBytes(32).toString('base64url'),
  );
  return db.prepare("SELECT value FROM install_settings WHERE key = 'ip_salt'").pluck().get() as string;
}
