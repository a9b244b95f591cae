/**
 * The privacy page's switch for the recent lookups kept in this browser (issue 37 point 10): off clears the list
 * and keeps nothing more until it is on again (lib/recent-lookups.ts).
 */
import { useEffect, useId, useState } from 'react';
import { keepsRecent, setKeepRecent } from '../lib/recent-lookups.ts';
import { useTranslation } from '../lib/translator.ts';

export function RecentSwitch() {
  const { t } = useTranslation();
  const id = useId();
  // Read after hydration: the prerendered page cannot know this browser's choice.
  const [on, setOn] = useState<boolean | null>(null);
  useEffect(() => setOn(keepsRecent()), []);
  return (
    <div className="flex items-center gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={on ?? true}
        disabled={on === null}
        onChange={(event) => {
          setKeepRecent(event.target.checked);
          setOn(event.target.checked);
        }}
        className="h-5 w-5 accent-brand-700"
      />
      <label htmlFor={id} className="min-h-11 content-center font-medium">
        {t('recent.keep')}
      </label>
    </div>
  );
}
