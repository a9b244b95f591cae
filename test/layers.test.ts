/**
 * The one-way imports are enforced by `npm run lint` (eslint.config.js, eslint-plugin-boundaries): a reversed
 * import added on purpose fails, the allowed directions pass, and tests beside the code may use test/ rigs.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('layer rules', () => {
  it.each([
    ['src/shared/reverse.ts', "import { loadConfig } from '../server/config.ts';\nexport const x = loadConfig;\n"],
    ['src/shared/reverse.ts', "import { notify } from '../client/lib/notify.ts';\nexport const x = notify;\n"],
    ['src/client/lib/reverse.ts', "import { loadConfig } from '../../server/config.ts';\nexport const x = loadConfig;\n"],
    ['src/server/reverse.ts', "import { createTranslator } from '../client/lib/translator.ts';\nexport const x = createTranslator;\n"],
    ['src/server/reverse.ts', "import { FIXTURE } from '../../test/fake-instagram/index.ts';\nexport const x = FIXTURE;\n"],
    ['src/server/media/reverse.ts', "import { siteRoutes } from '../http/site.ts';\nexport const x = siteRoutes;\n"],
    ['src/server/extract/reverse.ts', "import { createLinkLookups } from '../http/link-resolver.ts';\nexport const x = createLinkLookups;\n"],
    ['src/server/http/reverse.ts', "import { createTranslator } from '../../client/lib/translator.ts';\nexport const x = createTranslator;\n"],
  ])('%s importing %j fails lint', async (file, code) => {
    expect(await layerErrors(file, code)).toHaveLength(1);
  });

  it.each([
    ['src/client/lib/ok.ts', "import { parseLink } from '../../shared/link.ts';\nexport const x = parseLink;\n"],
    ['src/server/ok.ts', "import { parseLink } from '../shared/link.ts';\nexport const x = parseLink;\n"],
    ['src/server/media/ok.ts', "import { ApiError } from '../errors/api-error.ts';\nexport const x = ApiError;\n"],
    ['src/server/http/ok.ts', "import { Resolver } from '../extract/resolver.ts';\nexport const x = Resolver;\n"],
    ['src/server/http/ok.test.ts', "import { FIXTURE } from '../../../test/fake-instagram/index.ts';\nexport const x = FIXTURE;\n"],
  ])('%s importing %j passes', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});
