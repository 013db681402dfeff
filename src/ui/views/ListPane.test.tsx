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
