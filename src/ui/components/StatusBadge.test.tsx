import { render, cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { BADGES } from '../theme.js';
import { StatusBadge, badgeSeg } from './StatusBadge.js';

afterEach(() => cleanup());

describe('status badge', () => {
  it.each(['active', 'closed', 'settling', 'resolved', 'unknown', 'stale'] as const)('%s shows as upper-case text (and a colour)', (status) => {
    const { lastFrame } = render(<StatusBadge status={status} />);
    const frame = lastFrame() ?? '';
    expect(frame.trim()).toBe(status.toUpperCase());
    // Colour doubles the text, never replaces it; padded badges line up in the list.
    expect(badgeSeg(status)).toMatchObject({ text: status.toUpperCase(), color: BADGES[status].color, bold: true });
    expect(badgeSeg(status, true).text).toHaveLength(8);
  });

  it('falls back to UNKNOWN for a status it has never heard of', () => {
    const { lastFrame } = render(<StatusBadge status={'paused' as never} />);
    expect(lastFrame()).toContain('UNKNOWN');
  });
});
