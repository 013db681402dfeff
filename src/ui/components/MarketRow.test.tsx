import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { createOddsStore } from '../../store/store.js';
import { makeMarket } from '../testing/fixtures.js';
import { fitSegments } from './Line.js';
import { rowColumns, rowSegs } from './MarketRow.js';

const entryOf = (title: string) => {
  const store = createOddsStore({ mode: 'key', limit: 30 });
  store.getState().listLoaded([makeMarket(1, { title })], 1000);
  return store.getState().markets.m1!;
};
const text = (width: number, title = 'A title') =>
  fitSegments(rowSegs({ entry: entryOf(title), selected: true, focused: true, now: 5000, intervalMs: 10_000, width }), width)
    .map((s) => s.text)
    .join('');

describe('market row', () => {
  it('is exactly as wide as asked, whatever the title', () => {
    for (const title of ['short', 'x'.repeat(300), '選挙の結果はどうなるか選挙の結果はどうなるか', '👨‍👩‍👧‍👦🇺🇸'.repeat(20)]) {
      for (const w of [30, 50, 80, 96]) expect(stringWidth(text(w, title)), `${title} @${w}`).toBe(w);
    }
  });

  it('drops age, volume, change, then the leading outcome as space runs out, keeping the title readable', () => {
    expect(rowColumns(100)).toMatchObject({ lead: true, change: true, volume: true, age: true });
    expect(rowColumns(60)).toMatchObject({ lead: true, change: true, volume: true, age: false });
    expect(rowColumns(45)).toMatchObject({ lead: true, change: false, volume: false, age: false, title: 20 });
    expect(rowColumns(30)).toMatchObject({ lead: false, change: false, volume: false, age: false });
    expect(text(100)).toMatch(/^▸ ACTIVE\s+A title\s+Yes\s+37\.0¢\s+·0\.0¢\s+1\.5k\s+4s$/);
  });
});
