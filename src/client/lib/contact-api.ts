/** Sends the contact form to POST /api/v1/contact and maps the answer to translated message keys. */
export type ContactOutcome =
  | { ok: true }
  | { ok: false; messageKey: string; fields?: Partial<Record<'name' | 'email' | 'message', string>> };

const FIELD_KEYS = { name: 'contact.invalidName', email: 'contact.invalidEmail', message: 'contact.invalidMessage' } as const;

/**
 * One Idempotency-Key per message, kept until the server has said it stored one: sending again after a network
 * failure (the message may have been stored, the answer lost) cannot store it twice.
 */
let messageKey: string | undefined;
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export async function sendContactMessage(body: Record<string, unknown>): Promise<ContactOutcome> {
  messageKey ??= newKey();
  let response: Response;
  try {
    response = await fetch('/api/v1/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': messageKey },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, messageKey: 'errors.network' };
  }
  if (response.ok) {
    messageKey = undefined;
    return { ok: true };
  }
  if (response.status === 429) return { ok: false, messageKey: 'contact.rateLimited' };
  const data = (await response.json().catch(() => null)) as { error?: { fields?: Record<string, string> } } | null;
  const fields: Partial<Record<'name' | 'email' | 'message', string>> = {};
  for (const key of Object.keys(FIELD_KEYS) as (keyof typeof FIELD_KEYS)[]) {
    if (data?.error?.fields?.[key]) fields[key] = FIELD_KEYS[key];
  }
  if (Object.keys(fields).length > 0) return { ok: false, messageKey: Object.values(fields)[0]!, fields };
  return { ok: false, messageKey: 'contact.failed' };
}
