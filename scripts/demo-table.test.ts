import { describe, expect, it } from 'vitest';
import { demoTables } from './demo-table.ts';

describe('the demo’s printed lists', () => {
  it('line their links up in one column, whatever the longest label of any list', () => {
    const tables = demoTables([
      [
        ['Photo post', 'https://www.instagram.com/p/B866lKJgReK/'],
        ['Reel in Full HD (1080p video + sound joined)', 'https://www.instagram.com/reel/DQfullHD108/'],
      ],
      [['Rate limited', 'https://www.instagram.com/p/RateLimited1/']],
    ]);
    const columns = tables.flatMap((table) => table.split('\n')).map((line) => line.indexOf('https://'));
    expect(new Set(columns).size).toBe(1);
    expect(columns[0]).toBe(2 + 'Reel in Full HD (1080p video + sound joined)'.length + 2);
  });
});
