import { Box } from 'ink';
import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { waitForFrame } from '../../../test/support/wait.js';
import { palette } from '../theme.js';
import { GoToBar } from './GoToBar.js';
import { SearchBar } from './SearchBar.js';
import { TextField } from './TextField.js';
import { ThemeContext } from './ThemeContext.js';

afterEach(() => cleanup());

const empty = { value: '', cursor: 0 };

describe('text field', () => {
  it('cuts a placeholder too long for the field with …, focused or not', async () => {
    const focused = render(
      <Box width={12}>
        <TextField state={empty} width={12} focused placeholder="paste an address" />
      </Box>,
    );
    expect(await waitForFrame(focused, 'paste')).toBe(' paste an a…');
    const idle = render(
      <Box width={12}>
        <TextField state={empty} width={12} focused={false} placeholder="paste an address" />
      </Box>,
    );
    expect(await waitForFrame(idle, 'paste')).toBe('paste an ad…');
  });

  it('the go-to and search boxes on a narrow terminal: the placeholder cut with …', async () => {
    const go = await waitForFrame(render(<GoToBar state={empty} width={40} />), 'go to');
    expect(go).toBe('go to  paste an address, a ticker, a sl…');
    const go60 = await waitForFrame(render(<GoToBar state={empty} width={60} />), 'go to');
    expect(go60).toMatch(/^go to {2}paste an address, a ticker, a slu… {2}⏎ go · Esc cancel$/);
    const search = await waitForFrame(render(<SearchBar state={empty} width={20} />), '/');
    expect(search).toBe('/  search titles an…');
  });

  // on TERM=dumb no inverse is drawn: the cursor at the end of the text, or in an empty field, did not show at all
  it('without styles (TERM=dumb) a blank cursor cell is drawn _, focused only', async () => {
    const field = (state: { value: string; cursor: number }, focused: boolean, attrs: boolean) =>
      render(
        <ThemeContext.Provider value={palette('dark', false, attrs)}>
          <Box width={12}>
            <TextField state={state} width={12} focused={focused} placeholder="query" />
          </Box>
        </ThemeContext.Provider>,
      );
    expect(await waitForFrame(field(empty, true, false), 'query')).toBe('_query');
    expect(await waitForFrame(field({ value: 'fed', cursor: 3 }, true, false), 'fed')).toBe('fed_');
    expect(await waitForFrame(field({ value: 'fed', cursor: 3 }, false, false), 'fed')).toBe('fed');
    expect(await waitForFrame(field({ value: 'fed', cursor: 3 }, true, true), 'fed')).toBe('fed');
  });

  // a cursor inside the text was drawn as its bare character: 'fed' with the cursor on the e read 'fed', unmarked
  it('without styles a cursor inside the text brackets the character under it, within the same width', async () => {
    const field = (state: { value: string; cursor: number }, width = 12, attrs = false) =>
      render(
        <ThemeContext.Provider value={palette('dark', false, attrs)}>
          <Box width={width}>
            <TextField state={state} width={width} focused placeholder="query" />
          </Box>
        </ThemeContext.Provider>,
      );
    expect(await waitForFrame(field({ value: 'fed', cursor: 1 }), 'f')).toBe('f[e]d');
    expect(await waitForFrame(field({ value: 'fed', cursor: 0 }), 'f')).toBe('[f]ed');
    // with styles the inverse cell marks it: nothing added
    expect(await waitForFrame(field({ value: 'fed', cursor: 1 }, 12, true), 'f')).toBe('fed');
    // a text longer than the field scrolls to keep the cursor and both brackets within its 8 cells
    const long = { value: 'will the fed cut', cursor: 10 };
    const f = await waitForFrame(field(long, 8), '[');
    // (both ends cut: each said by …)
    expect(f).toBe('…e f[e]…');
    const start = await waitForFrame(field({ ...long, cursor: 0 }, 8), '[');
    expect(start).toBe('[w]ill …');
    // a wide character under the cursor is bracketed whole
    expect(await waitForFrame(field({ value: '日本語', cursor: 1 }, 8), '[')).toBe('日[本]語');
  });

  // a long pasted address read `go to rkets/kxnewpope/…`, as if typed so: nothing said the field had scrolled
  it('a text scrolled in its field says so: … where its start (or its end) is cut', async () => {
    const address = 'https://kalshi.com/markets/kxnewpope/who-will-be-the-next-pope';
    const go = await waitForFrame(
      render(<GoToBar state={{ value: address, cursor: address.length }} width={40} />),
      'go',
    );
    // the text's end and the cursor's cell after it (the frame's trailing blank is trimmed)
    expect(go).toBe('go to …ewpope/who-will-be-the-next-pope');
    const search = render(<SearchBar state={{ value: address, cursor: 0 }} width={30} />);
    expect(await waitForFrame(search, '/')).toMatch(/^\/ https:\/\/kalshi\.com\/[^…]+…$/);
  });
});
