import { Box } from 'ink';
import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { waitForFrame } from '../../../test/support/wait.js';
import { GoToBar } from './GoToBar.js';
import { SearchBar } from './SearchBar.js';
import { TextField } from './TextField.js';

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
});
