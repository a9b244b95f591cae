/**
 * What makes a contact message the same message: who wrote it and what they wrote (name, email, message), not where
 * it came from. The `Idempotency-Key` counts only together with this hash, so a retry from a new address is the same
 * message and another message under a key already used is a new one (issue 38 point 10).
 */
import { createHash } from 'node:crypto';

export interface MessageWords {
  name: string;
  email: string;
  message: string;
}

export function messageHash({ name, email, message }: MessageWords): string {
  return createHash('sha256').update(JSON.stringify([name, email, message])).digest('hex');
}
