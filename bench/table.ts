/** One row per figure: its value, the baseline measured in the same run, and their ratio. */

export interface BenchRow {
  issue: string;
  figure: string;
  value: number | null;
  unit: string;
  baseline: string;
  baselineValue: number | null;
  /** value / baselineValue (or as the figure's note says). */
  ratio: number | null;
  note?: string;
}

export function row(issue: string, figure: string, value: number, unit: string, baseline: string, baselineValue: number, note?: string): BenchRow {
  const ratio = baselineValue === 0 ? null : Math.round((value / baselineValue) * 1000) / 1000;
  return { issue, figure, value: round(value), unit, baseline, baselineValue: round(baselineValue), ratio, ...(note ? { note } : {}) };
}

/** A figure that could not be measured in this run, and why. */
export function missing(issue: string, figure: string, reason: string): BenchRow {
  return { issue, figure, value: null, unit: '', baseline: '', baselineValue: null, ratio: null, note: `n/a (${reason})` };
}

function round(n: number): number {
  if (Math.abs(n) >= 100) return Math.round(n);
  return Math.round(n * 100) / 100;
}

const show = (n: number | null, unit = '') => (n === null ? '' : `${n}${unit ? ` ${unit}` : ''}`);

export function formatTable(rows: BenchRow[]): string {
  const header = ['issue', 'figure', 'value', 'baseline (same run)', 'ratio'];
  const lines = rows.map((r) => [
    `#${r.issue}`,
    r.figure,
    r.value === null ? (r.note ?? 'n/a') : show(r.value, r.unit),
    r.value === null ? '' : `${r.baseline}: ${show(r.baselineValue, r.unit)}`,
    r.ratio === null ? '' : r.ratio.toFixed(3) + (r.note && r.value !== null ? `  ${r.note}` : ''),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  return [fmt(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(fmt)].join('\n');
}
