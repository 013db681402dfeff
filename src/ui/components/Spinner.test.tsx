import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../util/clock.js';
import { waitForFrame } from '../../../test/support/wait.js';
import { Spinner } from './Spinner.js';

afterEach(() => cleanup());

describe('spinner', () => {
  it('turns with the display clock only (still under a manual clock until it is advanced)', async () => {
    const clock = new ManualClock();
    const t = render(<Spinner clock={clock} label="Loading markets…" width={40} />);
    const first = await waitForFrame(t, 'Loading markets…');
    expect(first).toMatch(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Loading markets…$/);
    expect(t.lastFrame()).toBe(first);
    clock.advance(120);
    const next = await waitForFrame(t, (f) => f !== first);
    expect(next).toMatch(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Loading markets…$/);
  });
});
