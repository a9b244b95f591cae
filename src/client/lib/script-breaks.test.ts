import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { scriptBreaks } from './script-breaks.ts';

const html = (text: string) => renderToStaticMarkup(createElement(Fragment, null, scriptBreaks(text)));

describe('scriptBreaks', () => {
  it('lets a line break where Latin letters meet Japanese or Chinese, and nowhere else', () => {
    expect(html('Instagramダウンローダー')).toBe('Instagram<wbr/>ダウンローダー');
    expect(html('Instagram写真ダウンローダー')).toBe('Instagram<wbr/>写真ダウンローダー');
    expect(html('Threadsの投稿をMP4で保存')).toBe('Threads<wbr/>の投稿を<wbr/>MP4<wbr/>で保存');
    expect(html('Instagram Downloader')).toBe('Instagram Downloader');
    expect(html('Instagram 视频下载器')).toBe('Instagram 视频下载器');
  });
});
