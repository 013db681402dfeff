import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { ListPane } from './ListPane.js';

afterEach(() => cleanup());

describe('ListPane', () => {
  it('wraps the word on an empty list in its pane: at 100 columns the count at its end was cut off', () => {
    const empty = 'No market has moved 2.0¢ or more over 24 h (116 seen on Manifold).';
    const view = { rows: { kind: 'markets', ids: [] }, top: 0, visible: 10, cursor: 0, focused: true } as const;
    const { lastFrame } = render(
      <ListPane
        view={{ ...view, width: 40, height: 6 }}
        title={() => [{ text: 'Movers 0' }]}
        empty={empty}
        row={() => []}
      />,
    );
    const lines = (lastFrame() ?? '').split('\n').map((l) => l.trimEnd());
    expect(lines.slice(0, 3)).toEqual([
      'Movers 0',
      '  No market has moved 2.0¢ or more over',
      '  24 h (116 seen on Manifold).',
    ]);
  });
});

describe('ListPane with a word longer than its pane', () => {
  it('keeps its title and the first lines in order, the last one cut with …, never taller than the pane', () => {
    // Movers at 40×15 on a board: 8 wrapped lines in 5 rows; the title and lines 3 and 6 vanished (Yoga shrank them)
    const words = Array.from({ length: 40 }, (_, i) => `w${i + 1}`).join(' ');
    const view = { rows: { kind: 'markets', ids: [] }, top: 0, visible: 5, cursor: 0, focused: true } as const;
    const { lastFrame } = render(
      <ListPane
        view={{ ...view, width: 20, height: 6 }}
        title={() => [{ text: 'Movers 0' }]}
        empty={words}
        row={() => []}
      />,
    );
    const lines = (lastFrame() ?? '').split('\n').map((l) => l.trimEnd());
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe('Movers 0');
    expect(lines.slice(1, 5)).toEqual([
      '  w1 w2 w3 w4 w5 w6',
      '  w7 w8 w9 w10 w11',
      '  w12 w13 w14 w15',
      '  w16 w17 w18 w19',
    ]);
    expect(lines[5]).toMatch(/^ {2}w20 w21 .*…$/);
  });
});

describe('ListPane rows of several lines', () => {
  it('draws each row whole and keeps the cursor’s row in sight when fewer rows fit than counted', () => {
    const ids = ['a', 'b', 'c', 'd'];
    const view = { rows: { kind: 'markets', ids }, top: 0, visible: 5, cursor: 2, focused: true } as const;
    const { lastFrame } = render(
      <ListPane
        view={{ ...view, width: 20, height: 6 }}
        title={(shown, top) => [{ text: `List ${top + 1}–${top + shown}` }]}
        empty=""
        row={(id) => [[{ text: `${id} first` }], [{ text: `${id} second` }]]}
      />,
    );
    // five lines under the title: two rows of two lines; the cursor's row c is drawn whole, not cut after 'c first'
    const lines = (lastFrame() ?? '').split('\n').map((l) => l.trim());
    expect(lines).toEqual(['List 2–3', 'b first', 'b second', 'c first', 'c second', '']);
  });
});
