import type { Config } from '@react-router/dev/config';
import { LANGUAGE_CODES } from './src/shared/language-codes.ts';
import { allPagePaths, localizePath, NOT_FOUND_PATH } from './src/shared/routes.ts';

// Every page in every language is prerendered to static HTML; there is no server rendering at run time.
export default {
  appDirectory: 'src/client',
  buildDirectory: 'build',
  ssr: false,
  async prerender() {
    return LANGUAGE_CODES.flatMap((lang) => [...allPagePaths(), NOT_FOUND_PATH].map((p) => localizePath(lang, p)));
  },
} satisfies Config;
