import { describe, expect, it } from 'vitest';
import { bareUsername } from './profile-name.ts';

describe('bareUsername', () => {
  it.each([
    ['manchesterunited', 'manchesterunited'],
    ['  @ManchesterUnited ', 'manchesterunited'],
    ['hold.out_studio', 'hold.out_studio'],
  ])('%j is the name %j', (input, name) => expect(bareUsername(input)).toBe(name));

  it.each(['https://www.instagram.com/stories/manchesterunited/', 'instagram.com', 'two words', '...', '', '@'])('%j is not a bare name', (input) => {
    expect(bareUsername(input)).toBeNull();
  });
});
