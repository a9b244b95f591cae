/**
 * A file's size for people, in the page's language: Intl's own units ("61 kB", "4,3 Mo", "27 МБ"), decimal as
 * the units say (1 kB = 1000 bytes); whole kilobytes below a megabyte, one decimal below 10 MB or GB, whole above.
 */
import type { Language } from '../../shared/language-codes.ts';
import { numberLocale } from './number-locale.ts';

const UNITS = [
  ['gigabyte', 1e9],
  ['megabyte', 1e6],
  ['kilobyte', 1e3],
] as const;

export function fileSize(bytes: number, language: Language): string {
  // The largest unit that shows at least 1 once rounded (999 600 bytes is 1.0 MB, not 1,000 kB).
  const [unit, size] = UNITS.find(([, size]) => bytes >= size * 0.9995) ?? UNITS[2];
  const value = Math.max(bytes / size, unit === 'kilobyte' ? 1 : 0);
  const digits = unit !== 'kilobyte' && value < 9.95 ? 1 : 0;
  return new Intl.NumberFormat(numberLocale(language), { style: 'unit', unit, unitDisplay: 'short', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}
