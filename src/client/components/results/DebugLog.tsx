/** The story page's collapsible debug log: time-stamped lines about the last lookup (no links or secrets). */
import { useTranslation } from '../../lib/translator.ts';
import { formatLine, type DebugLine } from '../../lib/debug-log.ts';

export function DebugLog({ lines }: { lines: readonly DebugLine[] }) {
  const { t } = useTranslation();
  return (
    <details className="mx-auto mt-6 w-full max-w-3xl rounded-lg border border-slate-300 bg-slate-50 text-start" data-testid="debug-log">
      <summary className="flex min-h-11 cursor-pointer items-center px-4 font-medium">{t('downloader.debugLog')}</summary>
      <div role="log" aria-label={t('downloader.debugLog')} className="max-h-64 overflow-auto border-t border-slate-300 px-4 py-2">
        <ol className="font-mono text-xs break-words text-slate-800">
          {lines.map((line, index) => (
            <li key={index}>{formatLine(line)}</li>
          ))}
        </ol>
      </div>
    </details>
  );
}
