import { openWebKit } from './webkit.ts';
import { smokeSuite } from './smoke.ts';

smokeSuite('WebKitGTK MiniBrowser (classic WebDriver)', openWebKit);
