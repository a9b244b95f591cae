/** The theme switch of the footer: system, light or dark, remembered in this browser (lib/theme-choice.ts). */
import { useEffect, useState } from 'react';
import { readThemeChoice, saveThemeChoice, THEME_CHOICES, type ThemeChoice } from '../lib/theme-choice.ts';
import { useTranslation } from '../lib/translator.ts';

const LABELS: Record<ThemeChoice, string> = { system: 'header.themeSystem', light: 'header.themeLight', dark: 'header.themeDark' };

export function ThemeSwitch() {
  const { t } = useTranslation();
  // Unknown until this browser is read (after hydration): the prerendered switch waits, disabled, until then.
  const [choice, setChoice] = useState<ThemeChoice | null>(null);
  useEffect(() => setChoice(readThemeChoice()), []);
  return (
    <label className="inline-flex min-h-11 items-center gap-2 text-sm">
      <span>{t('header.theme')}</span>
      <select
        value={choice ?? 'system'}
        disabled={choice === null}
        onChange={(event) => {
          const chosen = event.target.value as ThemeChoice;
          setChoice(chosen);
          saveThemeChoice(chosen);
        }}
        className="min-h-11 rounded-lg border border-slate-400 bg-white px-2 text-slate-900"
      >
        {THEME_CHOICES.map((option) => (
          <option key={option} value={option}>
            {t(LABELS[option])}
          </option>
        ))}
      </select>
    </label>
  );
}
