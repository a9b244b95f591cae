import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, DatabaseVersionError, MIGRATIONS, installSalt, migrate, openDatabase, type Migration } from './database.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-db-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const versions = (db: ReturnType<typeof openDatabase>) =>
  db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all() as number[];

describe('openDatabase', () => {
  it('creates DATA_DIR and the file, in WAL mode with synchronous=FULL and a busy timeout', () => {
    const dataDir = path.join(dir, 'nested', 'data');
    const db = openDatabase(dataDir);
    try {
      expect(existsSync(path.join(dataDir, DATABASE_FILE))).toBe(true);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(2); // 2 = FULL
      expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    } finally {
      db.close();
    }
  });

  it('applies every migration once and records it; a second start applies nothing', () => {
    const first = openDatabase(dir);
    expect(versions(first)).toEqual(MIGRATIONS.map((m) => m.version));
    const columns = first.prepare("SELECT name FROM pragma_table_info('contact_messages')").pluck().all();
    expect(columns).toEqual(
      expect.arrayContaining(['id', 'created_at', 'name', 'email', 'message', 'language', 'ip_hash', 'user_agent', 'forwarded_at', 'forward_error']),
    );
    first.close();
    const second = openDatabase(dir);
    expect(migrate(second)).toEqual([]);
    second.close();
  });

  it('applies a newly appended migration at the next start, keeping existing rows', () => {
    const db = openDatabase(dir);
    db.prepare("INSERT INTO install_settings (key, value) VALUES ('kept', 'yes')").run();
    db.close();
    const next: Migration[] = [...MIGRATIONS, { version: 99, name: 'extra', sql: 'CREATE TABLE extra (x INTEGER)' }];
    const reopened = openDatabase(dir, next);
    expect(versions(reopened)).toContain(99);
    expect(reopened.prepare("SELECT value FROM install_settings WHERE key = 'kept'").pluck().get()).toBe('yes');
    reopened.close();
  });

  it('rolls a failing migration back entirely and refuses to start', () => {
    openDatabase(dir).close();
    const broken: Migration[] = [
      ...MIGRATIONS,
      { version: 50, name: 'half', sql: 'CREATE TABLE half_done (x INTEGER); THIS IS NOT SQL;' },
    ];
    expect(() => openDatabase(dir, broken)).toThrow(/syntax error/);
    const db = openDatabase(dir);
    expect(versions(db)).not.toContain(50);
    expect(db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 'half_done'").pluck().get()).toBe(0);
    db.close();
  });

  it('refuses a database written by a newer build', () => {
    openDatabase(dir, [...MIGRATIONS, { version: 7, name: 'future', sql: 'SELECT 1' }]).close();
    expect(() => openDatabase(dir)).toThrow(DatabaseVersionError);
  });
});

describe('installSalt', () => {
  it('is created once per install and survives restarts', () => {
    const db = openDatabase(dir);
    const salt = installSalt(db);
    expect(salt.length).toBeGreaterThanOrEqual(32);
    expect(installSalt(db)).toBe(salt);
    db.close();
    const again = openDatabase(dir);
    expect(installSalt(again)).toBe(salt);
    again.close();
    const other = openDatabase(path.join(dir, 'other'));
    expect(installSalt(other)).not.toBe(salt);
    other.close();
  });
});
