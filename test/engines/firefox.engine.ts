import { openFirefox } from './firefox.ts';
import { smokeSuite } from './smoke.ts';

smokeSuite('Firefox ESR (WebDriver BiDi)', openFirefox);
