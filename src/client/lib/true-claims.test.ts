/**
 * What the copy promises (issue 37 point 10): lookups are capped per address (RATE_LIMIT_RESOLVE_PER_MIN, 30 a
 * minute by default, and a challenge past CHALLENGE_FREE_PER_MIN), and ads appear only when the operator sets
 * ADS_CLIENT. So no language may claim "no limits" (the photo and IGTV tools' intros did, in all 22) or speak of
 * ads as always there (terms §10 "free because it shows ads", privacy §5 "the ads on them"), and the terms (§10)
 * and the privacy policy (§4) say ads are shown only when turned on, each one labelled as the slot is.
 * The general box's hint names Threads beside Instagram (issue 40: any box takes both).
 * The patterns are the phrases each language used; a video's length has no limit, and saying so stays allowed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, type Language } from '../../shared/language-codes.ts';
import { CONTENT_DIR, localePath, type Namespace } from './content.server.ts';
import type { LegalContent } from './content-types.ts';

const NO_LIMITS: Record<Language, RegExp> = {
  en: /\bno limits?\b(?! (?:on|to) (?:the )?length)|\bunlimited\b|\bwithout (?:any )?limits?\b|because it shows (?:ads|advertisements)|Our pages and the ads on them may contain links/i,
  ar: /دون حدود|بلا حدود|لأنه يعرض إعلانات|قد تحتوي صفحاتنا والإعلانات المعروضة عليها على روابط/,
  bn: /কোনো সীমাও নেই|কোনো সীমা ছাড়াই|সীমাহীন|আমাদের পেজ ও তাতে থাকা বিজ্ঞাপনে/,
  de: /keine Limits|ohne Limits?|unbegrenzt|weil Anzeigen eingeblendet|Unsere Seiten und die darauf eingeblendeten Anzeigen können Links/i,
  es: /sin límites?|ilimitad|porque muestra publicidad|Nuestras páginas y los anuncios que aparecen en ellas pueden contener/i,
  fa: /بدون محدودیت|نامحدود|صفحه‌های ما و تبلیغات موجود در آن‌ها ممکن است/,
  fr: /sans limites?|illimité|parce qu’il affiche des publicités|Nos pages et les publicités qui y figurent peuvent contenir/i,
  hi: /न कोई सीमा|असीमित|क्योंकि यह विज्ञापन दिखाता|हमारे पेजों और उन पर दिखने वाले विज्ञापनों में/,
  id: /tanpa batas|karena menampilkan iklan|Halaman kami dan iklan di dalamnya dapat berisi/i,
  it: /nessun limite|senza limiti|illimitat|perché mostra annunci|Le nostre pagine e gli annunci al loro interno possono contenere/i,
  ja: /回数制限もありません|無制限|広告を表示することで無料|当サイトのページやそこに表示される広告には/,
  ko: /제한도 없|무제한|광고를 게재하기 때문에|당사 페이지와 페이지에 게재된 광고에는/,
  ms: /tanpa had|kerana ia memaparkan iklan|Halaman kami dan iklan di dalamnya mungkin mengandungi/i,
  pl: /bez limitów|nieograniczon|ponieważ wyświetla reklamy|Nasze strony i wyświetlane na nich reklamy mogą zawierać/i,
  pt: /sem limites?|ilimitad|porque exibe anúncios|Nossas páginas e os anúncios nelas podem conter/i,
  ru: /без ограничений|неограниченн|безлимит|потому что показывает рекламу|Наши страницы и размещённая на них реклама могут содержать/i,
  th: /และไม่จำกัด$|ไม่จำกัดจำนวน|เพราะมีการแสดงโฆษณา|หน้าเว็บของเราและโฆษณาบนหน้าเว็บอาจมีลิงก์/,
  tl: /walang limitasyon|dahil nagpapakita ito ng mga patalastas|ang aming mga pahina at ang mga patalastas dito\./i,
  tr: /sınır yok|sınır da\b|sınırsız|reklam gösterdiği için|Sayfalarımız ve bu sayfalardaki reklamlar başka/i,
  uk: /без обмежень|необмежен|тому що показує рекламу|Наші сторінки й реклама на них можуть містити/i,
  vi: /, không giới hạn\.|không giới hạn số|vì có hiển thị quảng cáo|Các trang của chúng tôi và quảng cáo trên đó có thể chứa/i,
  zh: /不限次数|无限|是因为展示了广告|我们的页面及其中的广告可能包含/,
};

const NAMESPACES: Namespace[] = ['common', 'home', 'tools', 'legal'];

function strings(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(strings);
  return node && typeof node === 'object' ? Object.values(node).flatMap(strings) : [];
}

function blogTexts(lang: Language): string[] {
  const blog = path.join(CONTENT_DIR, 'blog');
  return readdirSync(blog).flatMap((slug) => {
    try {
      return readFileSync(path.join(blog, slug, `${lang}.md`), 'utf8').split('\n');
    } catch {
      return [];
    }
  });
}

describe.each(LANGUAGE_CODES)('%s', (lang) => {
  it('claims no unlimited lookups and no ads that pay for the site', () => {
    const texts = [...NAMESPACES.flatMap((ns) => strings(JSON.parse(readFileSync(localePath(lang, ns), 'utf8')))), ...blogTexts(lang)];
    expect(texts.filter((text) => NO_LIMITS[lang].test(text))).toEqual([]);
  });

  it('says ads are shown only when turned on, each labelled as the ad slot labels it', () => {
    const label = (JSON.parse(readFileSync(localePath(lang, 'common'), 'utf8')) as { ads: { label: string } }).ads.label;
    const legal = JSON.parse(readFileSync(localePath(lang, 'legal'), 'utf8')) as LegalContent;
    expect(legal.terms.sections[9]!.paragraphs.join(' ')).toContain(label);
    expect(legal.privacy.sections[3]!.paragraphs.join(' ')).toContain(label);
    expect(legal.privacy.sections[2]!.paragraphs.join(' ')).toContain('Google');
  });

  it('says the box takes a Threads link too (issue 40), while its example stays an Instagram link', () => {
    const box = (JSON.parse(readFileSync(localePath(lang, 'common'), 'utf8')) as { downloader: { placeholder: string } }).downloader.placeholder;
    expect(box).toMatch(/Instagram|اینستاگرام/);
    expect(box).toContain('Threads');
  });
});
