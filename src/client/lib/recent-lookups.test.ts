import { describe, expect, it } from 'vitest';
import { addRecent, clearRecent, keepsRecent, MAX_RECENT, readRecent, RECENT_KEY, setKeepRecent } from './recent-lookups.ts';

function memoryStorage(initial?: string) {
  const map = new Map<string, string>(initial === undefined ? [] : [[RECENT_KEY, initial]]);
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const entry = (n: number, link = `https://www.instagram.com/p/P${n}/`) => ({ link, author: `user${n}`, at: n });

describe('recent lookups', () => {
  it('keeps the newest first, moves a link looked up again to the top, and holds at most 20', () => {
    const storage = memoryStorage();
    for (let n = 0; n < 25; n++) addRecent(entry(n), storage);
    addRecent(entry(99, 'instagram.com/p/P10?igsh=x'), storage);
    const list = readRecent(storage);
    expect(list).toHaveLength(MAX_RECENT);
    expect(list[0]!.author).toBe('user99');
    expect(list.filter((e) => e.link.includes('P10'))).toHaveLength(1);
    expect(list[1]!.author).toBe('user24');
  });

  it('keeps nothing once the privacy page’s switch is off, and clears what it held; on again, keeps again (issue 37 point 10)', () => {
    const storage = memoryStorage();
    addRecent(entry(1), storage);
    expect(keepsRecent(storage)).toBe(true);
    setKeepRecent(false, storage);
    expect(readRecent(storage)).toEqual([]);
    addRecent(entry(2), storage);
    expect(readRecent(storage)).toEqual([]);
    expect(keepsRecent(storage)).toBe(false);
    setKeepRecent(true, storage);
    addRecent(entry(3), storage);
    expect(readRecent(storage).map((e) => e.author)).toEqual(['user3']);
  });

  it('clears to nothing, and reads junk or foreign data as empty', () => {
    const storage = memoryStorage();
    addRecent(entry(1), storage);
    clearRecent(storage);
    expect(storage.map.has(RECENT_KEY)).toBe(false);
    expect(readRecent(memoryStorage('{not json'))).toEqual([]);
    expect(readRecent(memoryStorage('{"a":1}'))).toEqual([]);
    // A thumbnail anywhere but our own media route is dropped with its entry (nothing else loads from the list).
    expect(readRecent(memoryStorage(JSON.stringify([{ ...entry(1), thumb: 'https://evil.example/x.png' }, entry(2)])))).toEqual([entry(2)]);
  });

  it('survives storage that refuses to write', () => {
    const storage = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => undefined };
    expect(() => addRecent(entry(1), storage)).not.toThrow();
    expect(readRecent(undefined)).toEqual([]);
  });
});
