import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { USER_AGENT_MAX, createContactStore, hashIp } from './contact-messages.ts';
import { MIGRATIONS, installSalt, openDatabase, type SqliteDatabase } from './database.ts';

let dir: string;
let db: SqliteDatabase;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-contact-store-'));
  db = openDatabase(dir);
});
afterEach(() => {
  if (db.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

const sample = { name: 'Ana', email: 'ana@example.com', message: 'The reel download stops at 90%.' };

describe('contact store', () => {
  it('saves a message and reads it back after the database is reopened', () => {
    const at = new Date('2025-03-04T05:06:07.890Z');
    const id = createContactStore(db, () => at).save({ ...sample, language: 'pt', ip: '203.0.113.9', userAgent: 'Firefox' });
    db.close();
    db = openDatabase(dir);
    const row = createContactStore(db).get(id);
    expect(row).toMatchObject({
      id,
      createdAt: '2025-03-04T05:06:07.890Z',
      ...sample,
      language: 'pt',
      userAgent: 'Firefox',
      forwardedAt: null,
      forwardError: null,
      forwardAttempts: 0,
    });
  });

  it('keeps only a salted hash of the IP, never the address itself', () => {
    const store = createContactStore(db);
    const id = store.save({ ...sample, ip: '198.51.100.23' });
    const row = store.get(id)!;
    expect(row.ipHash).toBe(hashIp('198.51.100.23', installSalt(db)));
    expect(row.ipHash).not.toBe(hashIp('198.51.100.23', 'another-install'));
    const raw = JSON.stringify(db.prepare('SELECT * FROM contact_messages').all());
    expect(raw).not.toContain('198.51.100.23');
  });

  it('truncates long user agents and stores missing optional parts as null', () => {
    const store = createContactStore(db);
    const long = store.get(store.save({ ...sample, userAgent: 'x'.repeat(2000) }))!;
    expect(long.userAgent).toHaveLength(USER_AGENT_MAX);
    const bare = store.get(store.save(sample))!;
    expect(bare).toMatchObject({ language: null, ipHash: null, userAgent: null });
  });

  it('lists newest first and counts', () => {
    const store = createContactStore(db);
    const ids = [1, 2, 3].map((n) => store.save({ ...sample, message: `message number ${n}` }));
    expect(store.newest(2).map((m) => m.id)).toEqual([ids[2], ids[1]]);
    expect(store.count()).toBe(3);
  });

  it('tracks forwarding: unforwarded rows oldest first, capped by attempts and batch size', () => {
    const store = createContactStore(db);
    const [a, b, c] = [1, 2, 3].map((n) => store.save({ ...sample, message: `message number ${n}` }));
    store.markForwarded(a!);
    store.markForwardFailed(b!, 'ECONNECTION: refused');
    expect(store.get(a!)).toMatchObject({ forwardError: null, forwardAttempts: 1 });
    expect(store.get(a!)!.forwardedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(store.get(b!)).toMatchObject({ forwardedAt: null, forwardError: 'ECONNECTION: refused', forwardAttempts: 1 });
    expect(store.unforwarded(3, 10).map((m) => m.id)).toEqual([b, c]);
    expect(store.unforwarded(3, 1).map((m) => m.id)).toEqual([b]);
    store.markForwardFailed(b!, 'again');
    store.markForwardFailed(b!, 'and again');
    expect(store.unforwarded(3, 10).map((m) => m.id)).toEqual([c]);
  });
});

describe('the Idempotency-Key bound to the message (issue 38 point 10)', () => {
  it('the same key with another message stores it; the same message under the key is found wherever it came from', () => {
    const store = createContactStore(db);
    const first = store.saveOnce({ ...sample, ip: '203.0.113.1' }, 'key-of-a-message-0001');
    expect(store.saveOnce({ ...sample, ip: '198.51.100.7' }, 'key-of-a-message-0001')).toEqual({ id: first.id, created: false });
    const other = store.saveOnce({ ...sample, message: 'Another message, same key.' }, 'key-of-a-message-0001');
    expect(other.created).toBe(true);
    expect(other.id).not.toBe(first.id);
    expect(store.storedUnder('key-of-a-message-0001', sample)).toBe(first.id);
    expect(store.storedUnder('key-of-a-message-0002', sample)).toBeUndefined();
  });

  it('a database made by the old schema (key alone unique) is migrated: its keyed rows keep being found, by message', () => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
    const old = openDatabase(dir, MIGRATIONS.filter((m) => m.version <= 2));
    // A row as the old store wrote it: the key alone.
    old.prepare(`INSERT INTO contact_messages (created_at, name, email, message, idempotency_key)
      VALUES ('2026-11-26T10:00:00.000Z', @name, @email, @message, 'key-from-before-0001')`).run(sample);
    old.close();
    db = openDatabase(dir);
    const store = createContactStore(db);
    expect(store.saveOnce(sample, 'key-from-before-0001')).toEqual({ id: 1, created: false });
    const other = store.saveOnce({ ...sample, message: 'A new message under the old key.' }, 'key-from-before-0001');
    expect(other.created).toBe(true);
    expect(other.id).toBeGreaterThan(1);
    expect(store.count()).toBe(2);
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'contact_messages'").pluck().all();
    expect(indexes).not.toContain('contact_messages_idempotency');
  });
});
