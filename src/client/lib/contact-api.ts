/** Sends the contact form to POST /api/v1/contact and maps the answer to translated message keys. */
export type ContactOutcome =
  | { ok: true }
  | { ok: false; messageKey: string; fields?: Partial<Record<'name' | 'email' | 'message', string>> };

const FIELD_KEYS = { name: 'contact.invalidName', email: 'contact.invalidEmail', message: 'contact.invalidMessage' } as const;

export async function sendContactMessage(body: Record<string, unknown>): Promise<ContactOutcome> {
  let response: Response;
  try {
    response = await fetch('/api/v1/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    return { ok: false, messageKey: 'errors.network' };
  }
  if (response.ok) return { ok: true };
  if (response.status === 429) return { ok: false, messageKey: 'contact.rateLimited' };
  const data = (await response.json().catch(() => null)) as { error?: { fields?: Record<string, string> } } | null;
  const fields: Partial<Record<'name' | 'email' | 'message', string>> = {};
  for (const key of Object.keys(FIELD_KEYS) as (keyof typeof FIELD_KEYS)[]) {
    if (data?.error?.fields?.[key]) fields[key] = FIELD_KEYS[key];
  }
  if (Object.keys(fields).length > 0) return { ok: false, messageKey: Object.values(fields)[0]!, fields };
  return { ok: false, messageKey: 'contact.failed' };
}
