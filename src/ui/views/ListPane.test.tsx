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
