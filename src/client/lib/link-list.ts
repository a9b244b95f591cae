/**
 * What a pasted list holds: the links a batch looks up, and every other entry with why it was left out (a word or
 * a site that is not Instagram, a link given twice, an @username on a link form, a link past the cap). The box
 * shows this reading before the submit, and the batch is made from the same reading, so the two never disagree.
 * Also: whether the whole box is one username, which the home page sends to the profile-picture tool.
 */
import { MAX_BATCH_LINKS } from '../../shared/api.ts';

export type LeftOutReason = 'notInstagram' | 'duplicate' | 'username' | 'overCap';

export interface LeftOut {
  entry: string;
  reason: LeftOutReason;
}

export interface LinkList {
  links: string[];
  leftOut: LeftOut[];
}

/** The message key of each reason (batch.* in common.json; `overCap` takes `max`). */
export const LEFT_OUT_KEYS: Readonly<Record<LeftOutReason, string>> = {
  notInstagram: 'batch.leftNotInstagram',
  duplicate: 'batch.leftDuplicate',
  username: 'batch.leftUsername',
  overCap: 'batch.leftOverCap',
};

const AT_USERNAME = /^@([A-Za-z0-9._]{1,30})$/;
const BARE_USERNAME = /^[A-Za-z0-9._]{1,30}$/;
/** A bare word ending like a web address (`example.com`) is a site, not a username. */
const WEB_ADDRESS_END = /\.(com|net|org|io|co|me|app|dev|ly|gl|be|to|tv|info|biz|ru|de|uk|fr|jp|in|br|es|it)$/i;

/** The entries of a box: one a line, or separated by spaces or commas, without a sentence's punctuation. */
export function entriesOf(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((part) => part.replace(/^[<("'“‘]+|[>)"'”’.;!?]+$/g, ''))
    .filter(Boolean);
}

/** What makes two links the same: no scheme, no www., no query or fragment, no trailing slash, any case. */
export function entryKey(entry: string): string {
  return entry
    .trim()
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/^@/, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

/**
 * Reads a box as a list. `valid` is the form's own check; `usernames` is the profile form, where a name is a
 * link like any other. Each distinct entry left out is listed once, in the order given.
 */
export function readLinkList(text: string, valid: (entry: string) => boolean, usernames: boolean): LinkList {
  const links: string[] = [];
  const leftOut: LeftOut[] = [];
  const taken = new Set<string>();
  const listed = new Set<string>();
  const leave = (entry: string, reason: LeftOutReason) => {
    const key = `${reason} ${entryKey(entry)}`;
    if (listed.has(key)) return;
    listed.add(key);
    leftOut.push({ entry, reason });
  };
  for (const entry of entriesOf(text)) {
    const key = entryKey(entry);
    if (!valid(entry)) leave(entry, !usernames && AT_USERNAME.test(entry) ? 'username' : 'notInstagram');
    else if (taken.has(key)) leave(entry, 'duplicate');
    else if (links.length >= MAX_BATCH_LINKS) leave(entry, 'overCap');
    else {
      taken.add(key);
      links.push(entry);
    }
  }
  return { links, leftOut };
}

/**
 * The username when the whole box is one: `@name`, or a bare name that is not a web address. Null otherwise
 * (a link, several words, a name Instagram could not have).
 */
export function usernameIn(text: string): string | null {
  const value = text.trim();
  const at = AT_USERNAME.exec(value);
  const name = at ? at[1]! : BARE_USERNAME.test(value) && !WEB_ADDRESS_END.test(value) ? value : null;
  // Dots alone, or a dot at either end, are no name Instagram gives.
  if (!name || !/[A-Za-z0-9_]/.test(name) || name.startsWith('.') || name.endsWith('.')) return null;
  return name.toLowerCase();
}
