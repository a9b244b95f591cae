/**
 * A ready row's one Download (issue 37 point 12): a post of several items as its ZIP, through the browser's
 * download manager; a single item as its best file, as the result's own big Download saves it.
 */
import type { Resolution } from '../../../shared/api.ts';
import type { FormDefinition } from '../../../shared/tools.ts';
import { downloadKindOf } from '../../lib/download.ts';
import { useTranslation } from '../../lib/translator.ts';
import { useItemDownload } from '../results/use-item-download.ts';

const button = 'inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-3 text-center text-sm font-semibold text-white hover:bg-brand-800 aria-disabled:bg-slate-500';

export function RowDownload({ form, resolution, refresh, describedBy }: { form: FormDefinition; resolution: Resolution; refresh: () => Promise<Resolution | null>; describedBy: string }) {
  const { t } = useTranslation();
  if (resolution.zipUrl && resolution.items.length > 1) {
    return (
      <a href={resolution.zipUrl} download aria-describedby={describedBy} className={button}>
        {t('downloader.downloadAll')}
      </a>
    );
  }
  return <ItemDownload form={form} resolution={resolution} refresh={refresh} describedBy={describedBy} />;
}

function ItemDownload({ form, resolution, refresh, describedBy }: { form: FormDefinition; resolution: Resolution; refresh: () => Promise<Resolution | null>; describedBy: string }) {
  const { t } = useTranslation();
  const item = resolution.items[0]!;
  const { busy, download } = useItemDownload({ item, index: 0, kind: downloadKindOf(item.type, resolution.kind, form.videosAreReels), refresh });
  // aria-disabled, not disabled, while it runs: a disabled button would drop the keyboard focus.
  return (
    <button type="button" onClick={() => void download(0)} aria-disabled={busy} aria-describedby={describedBy} className={button}>
      {t('downloader.download')}
    </button>
  );
}
