/** Lines that wrap rather than cut: a figure or an id cut reads as another one (table.ts). */
import { displayWidth } from '../../ui/format.js';

/**
 * `a · b · c` while it fits the width, then each fact that does not on a line of its own under the first, indented and
 * whole (wrapped, a word wider than the line on a longer one): `market` read `ACTIVE · closes…` at 16 columns.
 * `first`: the first fact as drawn (the painted badge).
 */
export function packed(facts: readonly string[], width: number, first = facts[0]!): string[] {
  const lines = [first];
  let plain = facts[0]!;
  for (const f of facts.slice(1)) {
    if (plain !== '' && displayWidth(`${plain} · ${f}`) <= width) {
      lines[lines.length - 1] += ` · ${f}`;
      plain += ` · ${f}`;
      continue;
    }
    const under = wrapWhole(f, Math.max(1, width - 2)).map((l) => `  ${l}`);
    lines.push(...under);
    // a fact wrapped over lines is not followed on its last one
    plain = under.length === 1 ? under[0]! : '';
  }
  return lines;
}

/** Words in lines of at most `width`, a word wider than that alone on its line, whole (format.ts wrap() cuts it). */
export function wrapWhole(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const next = line === '' ? word : `${line} ${word}`;
    if (line === '' || displayWidth(next) <= width) line = next;
    else {
      out.push(line);
      line = word;
    }
  }
  return [...out, line];
}
