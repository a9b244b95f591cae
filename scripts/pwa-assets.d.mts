/** Types of scripts/pwa-assets.mjs (plain Node, run by the build before anything is compiled). */
export interface OfflineStrings {
  title: string;
  body: string;
  retry: string;
  /** The link to the language's home page. */
  home: string;
  dir: 'ltr' | 'rtl';
}
export interface SiteFacts {
  languages: string[];
  toolPaths: string[];
  /** Browser codes read as another of our languages (`in` → `id`). */
  aliases: Record<string, string>;
  offline: Record<string, OfflineStrings>;
}
export function makeIcons(source: string, outDir: string): Promise<void>;
export function shellOf(buildDir: string): string[];
export function siteFacts(root?: string): SiteFacts;
export function writeServiceWorker(buildDir: string, template: string, root?: string): { version: string; files: number };
