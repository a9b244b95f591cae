/**
 * Contact messages in SQLite. `save` returns only after the row is committed (synchronous=FULL),
 * so the caller may acknowledge the visitor. Client IPs are kept only as a salted SHA-256.
 */
import { createHash } from 'node:crypto';
import { messageHash } from './contact-message-hash.ts';
import { installSalt, type SqliteDatabase } from './database.ts';

export const USER_AGENT_MAX = 256;
const FORWARD_ERROR_MAX = 500;

export interface NewContactMessage {
  name: string;
  email: string;
  message: string;
  language?: string;
  ip?: string;
  userAgent?: string;
}

export interface ContactMessage {
  id: number;
  createdAt: string;
  name: string;
  email: string;
  message: string;
  language: string | null;
  ipHash: string | null;
  userAgent: string | null;
  forwardedAt: string | null;
  forwardError: string | null;
  forwardAttempts: number;
}

interface Row {
  id: number;
  created_at: string;
  name: string;
  email: string;
  message: string;
  language: string | null;
  ip_hash: string | null;
  user_agent: string | null;
  forwarded_at: string | null;
  forward_error: string | null;
  forward_attempts: number;
}

const fromRow = (r: Row): ContactMessage => ({
  id: r.id,
  createdAt: r.created_at,
  name: r.name,
  email: r.email,
  message: r.message,
  language: r.language,
  ipHash: r.ip_hash,
  userAgent: r.user_agent,
  forwardedAt: r.forwarded_at,
  forwardError: r.forward_error,
  forwardAttempts: r.forward_attempts,
});

export function hashIp(ip: string, salt: string): string {
  return createHash('sha256').update(`${salt}\n${ip}`).digest('hex');
}

export type ContactStore = ReturnType<typeof createContactStore>;

export function createContactStore(db: SqliteDatabase, now: () => Date = () => new Date()) {
  const salt = installSalt(db);
  const insert = db.prepare(`INSERT OR IGNORE INTO contact_messages (created_at, name, email, message, language, ip_hash, user_agent, idempotency_key, message_hash)
    VALUES (@createdAt, @name, @email, @message, @language, @ipHash, @userAgent, @idempotencyKey, @messageHash)`);
  const byKey = db.prepare('SELECT id FROM contact_messages WHERE idempotency_key = ? AND message_hash = ?').pluck();
  const byId = db.prepare('SELECT * FROM contact_messages WHERE id = ?');
  const newest = db.prepare('SELECT * FROM contact_messages ORDER BY id DESC LIMIT ?');
  const count = db.prepare('SELECT COUNT(*) FROM contact_messages').pluck();
  const unforwarded = db.prepare(
    'SELECT * FROM contact_messages WHERE forwarded_at IS NULL AND forward_attempts < ? ORDER BY id LIMIT ?',
  );
  const forwarded = db.prepare(
    'UPDATE contact_messages SET forwarded_at = ?, forward_error = NULL, forward_attempts = forward_attempts + 1 WHERE id = ?',
  );
  const forwardFailed = db.prepare(
    'UPDATE contact_messages SET forward_error = ?, forward_attempts = forward_attempts + 1 WHERE id = ?',
  );

  return {
    /** Commit one message; returns its id once the write is durable. */
    save(input: NewContactMessage): number {
      return this.saveOnce(input).id;
    },
    /**
     * Commit one message unless the same message (name, email, text) is stored already under the same idempotency
     * key: then its id, and `created: false` (the sender retried after an answer it never heard, from wherever).
     */
    saveOnce(input: NewContactMessage, idempotencyKey?: string): { id: number; created: boolean } {
      const hash = idempotencyKey === undefined ? null : messageHash(input);
      const result = insert.run({
        createdAt: now().toISOString(),
        name: input.name,
        email: input.email,
        message: input.message,
        language: input.language ?? null,
        ipHash: input.ip ? hashIp(input.ip, salt) : null,
        userAgent: input.userAgent ? input.userAgent.slice(0, USER_AGENT_MAX) : null,
        idempotencyKey: idempotencyKey ?? null,
        messageHash: hash,
      });
      if (result.changes === 1) return { id: Number(result.lastInsertRowid), created: true };
      return { id: byKey.get(idempotencyKey, hash) as number, created: false };
    },
    /** The id of this message stored under this key, if it is: a retry, which the hourly limit does not count. */
    storedUnder(idempotencyKey: string, input: NewContactMessage): number | undefined {
      return byKey.get(idempotencyKey, messageHash(input)) as number | undefined;
    },
    get(id: number): ContactMessage | undefined {
      const row = byId.get(id) as Row | undefined;
      return row && fromRow(row);
    },
    newest(limit: number): ContactMessage[] {
      return (newest.all(limit) as Row[]).map(fromRow);
    },
    count(): number {
      return count.get() as number;
    },
    /** Oldest first: messages not yet forwarded that have been tried fewer than `maxAttempts` times. */
    unforwarded(maxAttempts: number, limit: number): ContactMessage[] {
      return (unforwarded.all(maxAttempts, limit) as Row[]).map(fromRow);
    },
    markForwarded(id: number): void {
      forwarded.run(now().toISOString(), id);
    },
    markForwardFailed(id: number, error: string): void {
      forwardFailed.run(error.slice(0, FORWARD_ERROR_MAX), id);
    },
  };
}
