import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { waitForFrame } from '../../../test/support/wait.js';
import { Footer } from './Footer.js';

afterEach(() => cleanup());

describe('footer', () => {
  it('keeps move, open, help and quit on an 80-column terminal, dropping the less used keys first', async () => {
    const f = await waitForFrame(render(<Footer context="browse" width={80} />), 'down');
    expect(f).toMatch(/^↓\/j down {2}↑\/k up {2}⏎\/Tab open .*\? help {2}q quit$/);
    expect(f).not.toContain('refresh');
    expect(f).not.toMatch(/ c {2}/); // a key is never left without its word
    const wide = await waitForFrame(render(<Footer context="browse" width={100} />), 'down');
    expect(wide).toContain('r refresh');
  });

  it('names the quote form keys while it has focus, Ctrl-C included (q types there)', async () => {
    const f = await waitForFrame(render(<Footer context="quoteForm" width={80} />), 'field');
    expect(f).toContain('→/Space change');
    expect(f).toContain('⏎ quote');
    expect(f).toContain('Esc back');
    expect(f).toContain('Ctrl-C quit');
  });

  it('in the amount field shows no key that would type into it (→ moves the cursor, ? is text)', async () => {
    const f = await waitForFrame(render(<Footer context="amount" width={80} />), 'field');
    expect(f).toBe('↓/Tab field  ⏎ quote  Esc back  Ctrl-C quit');
  });
});
