import { describe, expect, it } from 'vitest';
import { readyMessage } from './ready-message.ts';

const item = (type: 'image' | 'video') => ({ type, previewUrl: '', mediaUrl: '', downloadUrl: '', filename: '' });

describe('readyMessage', () => {
  it('names what was found, not the page it was found on', () => {
    expect(readyMessage({ kind: 'reel', items: [item('video')] })).toEqual({ key: 'success.readyReels' });
    expect(readyMessage({ kind: 'post', items: [item('image')] })).toEqual({ key: 'success.readyPhoto' });
    expect(readyMessage({ kind: 'post', items: [item('video')] })).toEqual({ key: 'success.readyVideo' });
    expect(readyMessage({ kind: 'post', items: [item('image'), item('video'), item('image')] })).toEqual({ key: 'success.found', values: { count: 3 } });
    expect(readyMessage({ kind: 'igtv', items: [item('video')] })).toEqual({ key: 'success.readyIgtv' });
    expect(readyMessage({ kind: 'profile', items: [item('image')] })).toEqual({ key: 'success.readyProfile' });
    expect(readyMessage({ kind: 'story', items: [item('image'), item('video')] })).toEqual({ key: 'success.found', values: { count: 2 } });
  });
});
