import { describe, expect, it } from 'vitest';
import { BADGES } from '../theme.js';
import { badgeSeg } from './badge.js';

describe('status badge', () => {
  it.each(['active', 'closed', 'settling', 'resolved', 'unknown', 'stale'] as const)(
    '%s shows as upper-case text (and a colour)',
    (status) => {
      // Colour doubles the text, never replaces it; padded badges line up in the list.
      expect(badgeSeg(status)).toMatchObject({ text: status.toUpperCase(), color: BADGES[status].color, bold: true });
      expect(badgeSeg(status, true).text).toHaveLength(8);
    },
  );

  it('falls back to UNKNOWN for a status it has never heard of', () => {
    expect(badgeSeg('paused' as never).text).toBe('UNKNOWN');
  });
});
