/**
 * Shapes of the page content files in content/locales/{lang}/. Interface strings live in
 * common.json (through i18next); the long-form copy of pages lives in these files and reaches
 * the page through its route loader at build time.
 */
import type { ToolId } from '../../shared/tools.ts';

export interface FaqEntry {
  q: string;
  a: string;
}

export interface TextSection {
  title: string;
  /** Paragraphs; may contain a list as `items`. */
  paragraphs: string[];
  items?: string[];
}

/** content/locales/{lang}/home.json */
export interface HomeContent {
  heading: string;
  subheading: string;
  /** The hero's line on `@username` and pasting many links. */
  tip: string;
  /** Explanatory text blocks. */
  blocks: TextSection[];
  supported: { title: string; intro: string; items: { title: string; text: string }[] };
  keyPoints: {
    title: string;
    not_affiliated: string;
    right_to_access: string;
    respect_rights: string;
    advertisements: string;
  };
  /** Prompt to read the terms; `{link}` marks where the link to the terms goes. */
  termsPrompt: { before: string; link: string; after: string };
  tiles: { tool: ToolId; title: string; text: string }[];
  features: { title: string; items: { title: string; text: string }[] };
  howTo: { title: string; steps: { title: string; text: string }[] };
  faq: FaqEntry[];
}

/** One entry of content/locales/{lang}/tools.json, keyed by tool id. */
export interface ToolContent {
  headline: string;
  intro: string;
  sections: TextSection[];
  faq: FaqEntry[];
}

export type ToolsContent = Record<ToolId, ToolContent>;

export interface LegalDocument {
  title: string;
  /** Shown under the title, e.g. "Last updated: March 15, 2024". */
  /** "Last updated: {{date}}", the date being `updated` in the page's language. */
  lastUpdated: string;
  /** The day the document last changed (ISO): a test holds it to the file's last change in git. */
  updated: string;
  intro: string;
  sections: TextSection[];
}

/** content/locales/{lang}/legal.json */
export interface LegalContent {
  terms: LegalDocument;
  privacy: LegalDocument;
}
