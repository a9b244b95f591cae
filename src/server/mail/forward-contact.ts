/**
 * Forwards stored contact messages by email (nodemailer over SMTP_URL) to CONTACT_TO, one at a time,
 * after the visitor already has their answer. The stored row is the record: a forward only sets
 * forwarded_at or forward_error on it, so a failed forward never loses the message, and rows left
 * unforwarded are retried at the next start (a few times each, a few rows per start).
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { ContactMessage, ContactStore } from '../store/contact-messages.ts';

/** Attempts per message in total (the first one plus retries at later starts). */
export const MAX_FORWARD_ATTEMPTS = 3;
/** Rows retried per start, so a long backlog cannot flood the mailbox or the SMTP server at once. */
export const RETRY_BATCH = 20;

export interface ContactForwarderOptions {
  smtpUrl: string;
  to: string;
  store: ContactStore;
  log: FastifyBaseLogger;
  /** Connection, greeting and socket timeouts in ms. */
  timeoutMs?: number;
}

export type ContactForwarder = ReturnType<typeof createContactForwarder>;

/** The sender: the SMTP login when it is an address (providers insist on it), else the recipient itself. */
export function senderAddress(smtpUrl: string, to: string): string {
  const user = decodeURIComponent(new URL(smtpUrl).username);
  return user.includes('@') ? user : to;
}

export function composeForward(message: ContactMessage) {
  const lines = [
    `From: ${message.name} <${message.email}>`,
    `Sent: ${message.createdAt}`,
    ...(message.language ? [`Page language: ${message.language}`] : []),
    `Message #${message.id}:`,
    '',
    message.message,
  ];
  return {
    subject: `Gramsave contact #${message.id} from ${message.name}`,
    replyTo: { name: message.name, address: message.email },
    text: lines.join('\n') + '\n',
  };
}

/** "CODE: message" from a nodemailer failure (ECONNECTION, ETIMEDOUT, EAUTH, EENVELOPE, ...). */
export function describeForwardError(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as Error & { code?: unknown }).code;
    return `${typeof code === 'string' ? code : err.name}: ${err.message}`;
  }
  return `unknown: ${String(err)}`;
}

export function createContactForwarder(options: ContactForwarderOptions) {
  const { store, log, to } = options;
  const timeout = options.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  const from = { name: 'Gramsave contact form', address: senderAddress(options.smtpUrl, to) };
  let tail: Promise<void> = Promise.resolve();
  let closed = false;

  async function forwardOne(id: number): Promise<void> {
    if (closed) return; // left unforwarded: the next start retries it
    const message = store.get(id);
    if (!message || message.forwardedAt) return;
    let failure: string | undefined;
    try {
      await transport.sendMail({ from, to, ...composeForward(message) });
    } catch (err) {
      failure = describeForwardError(err);
    }
    if (closed) {
      log.warn({ contactId: id, failure }, 'contact forward finished after shutdown: not recorded, will be retried');
      return;
    }
    if (failure === undefined) {
      store.markForwarded(id);
      log.info({ contactId: id }, 'contact message forwarded');
    } else {
      store.markForwardFailed(id, failure);
      log.warn({ contactId: id, err: failure }, 'contact forward failed: message kept, will retry at next start');
    }
  }

  return {
    /** Queue one stored message for forwarding; returns at once. */
    enqueue(id: number): void {
      tail = tail.then(() => forwardOne(id)).catch((err: unknown) => {
        // Only a store failure lands here (sendMail failures are recorded above).
        log.error({ contactId: id, err }, 'contact forward could not be recorded');
      });
    },
    /** Queue the oldest unforwarded messages that still have attempts left; returns how many. */
    retryUnforwarded(): number {
      const pending = store.unforwarded(MAX_FORWARD_ATTEMPTS, RETRY_BATCH);
      for (const message of pending) this.enqueue(message.id);
      if (pending.length > 0) log.info({ count: pending.length }, 'retrying unforwarded contact messages');
      return pending.length;
    },
    /** Wait for queued forwards (at most `deadlineMs`), then stop recording and close the transport. */
    async close(deadlineMs = 5_000): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), deadlineMs);
      });
      const outcome = await Promise.race([tail.then(() => 'done' as const), deadline]);
      clearTimeout(timer);
      if (outcome === 'timeout') log.warn('contact forwards still running at shutdown: the rest retry at next start');
      closed = true;
      transport.close();
    },
  };
}
