import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { waitForFrame } from '../../../test/support/wait.js';
import { Sparkline, sparkline } from './Sparkline.js';

afterEach(() => cleanup());

describe('sparkline', () => {
  it('scales values to bars, newest last, at most width long', () => {
    expect(sparkline([0.1, 0.5, 0.9], 10)).toBe('▁▅█');
    expect(sparkline([0.1, 0.2, 0.3, 0.4], 2)).toBe('▁█');
  });
  it('does not blow up tiny wobbles or unknown points', () => {
    expect(sparkline([0.5, 0.5001], 5)).toMatch(/^[▄▅]{2}$/);
    expect(sparkline([0.2, undefined, 0.8], 5)).toBe('▁ █');
    expect(sparkline([undefined, NaN as unknown as number], 5)).toBe('');
    expect(sparkline([], 5)).toBe('');
    expect(sparkline([0.4], 0)).toBe('');
  });
  it('draws as a Text (ink-testing-library), a blank when there is nothing to draw', async () => {
    expect(await waitForFrame(render(<Sparkline values={[0.1, 0.3, 0.5, 0.7, 0.9]} width={3} color="cyan" />), '█')).toBe('▁▄█'); // the last 3, scaled to their own range
    const t = render(<Sparkline values={[]} width={8} />);
    expect(t.lastFrame()).toBe('');
  });
});
