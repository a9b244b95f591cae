/**
 * Downloading one item's files: its choices (the best first, download-choices.ts) and a download of one of them
 * that signs its link anew when it expired. Shared by a result's card and a batch row's one Download.
 */
import { useMemo, useState } from 'react';
import type { MediaItem, Resolution } from '../../../shared/api.ts';
import { downloadMedia, type DownloadKind } from '../../lib/download.ts';
import { downloadChoices } from '../../lib/download-choices.ts';
import { useTranslation } from '../../lib/translator.ts';

export interface ItemDownloadOptions {
  item: MediaItem;
  /** Its place in the resolution, to find it again in a refreshed one. */
  index: number;
  kind: DownloadKind;
  /** Re-resolves the original link (after an expired download link); null when that fails. */
  refresh: () => Promise<Resolution | null>;
  log?: ((text: string) => void) | undefined;
}

export function useItemDownload({ item, index, kind, refresh, log }: ItemDownloadOptions) {
  const { t } = useTranslation();
  const choices = useMemo(() => downloadChoices(item, t), [item, t]);
  const [busy, setBusy] = useState(false);

  const download = async (at: number) => {
    const choice = choices[at];
    if (!choice || busy) return;
    setBusy(true);
    try {
      await downloadMedia({
        url: choice.url,
        filename: choice.filename,
        kind: choice.audio ? 'audio' : kind,
        t: (key, options) => t(key, options),
        log,
        // The same choice in the refreshed item (its links signed anew).
        refresh: async () => {
          const fresh = (await refresh())?.items[index];
          const again = fresh ? downloadChoices(fresh, t)[at] : undefined;
          return again ? { url: again.url, filename: again.filename } : null;
        },
      });
    } finally {
      setBusy(false);
    }
  };

  return { choices, busy, download };
}
