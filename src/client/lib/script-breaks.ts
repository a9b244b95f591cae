/**
 * A heading with a line-break opportunity (<wbr>) where Latin letters meet Japanese or Chinese script
 * ("Instagram<wbr>ダウンローダー"): under Japanese keep-all (app.css) the two runs are one unbreakable word, and a
 * heading wider than a phone broke it inside ("ダウンローダ|ー"; issue 37 point 15). The text is unchanged.
 */
import { createElement, Fragment, type ReactNode } from 'react';

const LATIN_THEN_CJK = /(?<=[A-Za-z0-9])(?=[\u3040-\u30ff\u3400-\u9fff])|(?<=[\u3040-\u30ff\u3400-\u9fff])(?=[A-Za-z0-9])/u;

export function scriptBreaks(text: string): ReactNode {
  const parts = text.split(LATIN_THEN_CJK);
  if (parts.length === 1) return text;
  return parts.flatMap((part, i): ReactNode[] => (i === 0 ? [part] : [createElement('wbr', { key: i }), createElement(Fragment, { key: `t${i}` }, part)]));
}
