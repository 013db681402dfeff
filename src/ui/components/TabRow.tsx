import { displayWidth } from '../format.js';
import { VIEWS, viewKey } from '../views/index.js';
import { Line, type Seg } from './Line.js';
import { usePalette } from './ThemeContext.js';
import { G } from '../glyphs.js';

type Level = 'title' | 'short' | 'digits';

function tabsAt(active: number, level: Level, marked: boolean): Seg[] {
  return VIEWS.flatMap((v, i): Seg[] => {
    const name = level === 'title' || i === active ? v.title : level === 'short' ? v.short : '';
    const label = `${viewKey(i)}${name ? ` ${name}` : ''}`;
    // without styles (FORCE_COLOR=0) the shown tab is the one in brackets, in the cells its bar's spaces took
    const text = marked && i === active ? `[${label}]` : ` ${label} `;
    return [
      { text: i === 0 ? '' : ' ' },
      i === active ? { text, bold: true, inverse: true, color: 'cyan' } : { text, dim: true },
    ];
  });
}

const widthOf = (segs: readonly Seg[]) => segs.reduce((n, s) => n + displayWidth(s.text), 0);

/**
 * The views as tabs, the shown one highlighted (and `marked` in brackets, for a terminal without styles): full
 * titles, else short ones, else digits with the shown view's title; how to switch follows when there is room.
 */
export function tabSegs(active: number, width = Infinity, marked = false): Seg[] {
  const hint: Seg = {
    text: `   ${viewKey(0)}${G.endash}${viewKey(VIEWS.length - 1)} or [ ] switch`,
    dim: true,
    priority: -1,
  };
  for (const level of ['title', 'short'] as const) {
    const segs = tabsAt(active, level, marked);
    if (widthOf(segs) <= width) return [...segs, hint];
  }
  return tabsAt(active, 'digits', marked);
}

export function TabRow({ active, width }: { active: number; width: number }) {
  const marked = !usePalette().attrs;
  return <Line width={width} segs={tabSegs(active, width, marked)} />;
}
