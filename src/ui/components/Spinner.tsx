import type { Clock } from '../../util/clock.js';
import { useNow } from '../hooks/useNow.js';
import { Line } from './Line.js';
import { spinnerFrames } from '../glyphs.js';

const INTERVAL = 120;

/** A braille spinner line driven by the display clock (so it stands still under a manual test clock). */
export function Spinner({ clock, label, width }: { clock: Clock; label: string; width: number }) {
  const now = useNow(clock, INTERVAL);
  const frames = spinnerFrames();
  const frame = frames[Math.floor(now / INTERVAL) % frames.length] ?? frames[0]!;
  return (
    <Line
      width={width}
      segs={[
        { text: `${frame} `, color: 'cyan' },
        { text: label, dim: true },
      ]}
    />
  );
}
