/** The drill matrix as text. */
import type { DrillRow } from './run.js';

const secs = (ms: number | null): string => (ms === null ? 'never' : `${(ms / 1000).toFixed(1)} s`);

export const MATRIX_HEADER = [
  'fault',
  'kept last data',
  'state shown',
  'recovered in',
  'max req / 60 s',
  'raw controls',
  'key seen',
  'STALE seen',
  'pass',
] as const;

export function matrixCells(r: DrillRow): string[] {
  return [
    r.profile,
    r.keptData ? 'yes' : 'NO',
    r.shownAfterMs === null ? 'NONE' : `${r.shown} after ${secs(r.shownAfterMs)}`,
    r.recoveredAfterMs === 0 &&
    r.shown !== '—' &&
    !['degraded', 'offline', 'rate_limited', 'auth_failed'].includes(r.shown)
      ? '—'
      : secs(r.recoveredAfterMs),
    `${r.maxPer60s} / ${r.limit}`,
    String(r.foreignControls),
    r.keySeen ? 'YES' : 'no',
    r.staleSeen ? 'yes' : 'no',
    r.pass ? 'pass' : 'FAIL',
  ];
}

/** A Markdown table (README-ready), then one line per failure. */
export function matrixReport(rows: readonly DrillRow[]): string {
  const table = [[...MATRIX_HEADER], ...rows.map(matrixCells)];
  const widths = MATRIX_HEADER.map((_, i) => Math.max(...table.map((r) => [...r[i]!].length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  const out = [line(table[0]!), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...table.slice(1).map(line)];
  for (const r of rows) for (const f of r.failures) out.push(`  ${r.profile}: ${f}`);
  return out.join('\n');
}
