import type { Clock } from '../../util/clock.js';
import { useNow } from '../hooks/useNow.js';
import { Line } from './Line.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const INTERVAL = 120;

/** A braille spinner line driven by the display clock (so it stands still under a manual test clock). */
export function Spinner({ clock, label, width }: { clock: Clock; label: string; width: number }) {
  const now = useNow(clock, INTERVAL);
  const frame = FRAMES[Math.floor(now / INTERVAL) % FRAMES.length] ?? FRAMES[0]!;
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
