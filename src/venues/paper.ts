/**
 * The paper positions with several venues (issue #28): one paper.json for every venue, as alone; each venue's store
 * holds its own venue's positions (so it marks them to market and settles them from its own answers, keyed
 * `venue:id`), the joined store shows them all, and the positions of venues not open this session are written back
 * unchanged.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { PaperBook } from '../positions/paper.js';
import type { SourceId } from '../sources/types.js';
import type { OddsStore } from '../store/store.js';
import type { AppState } from '../store/types.js';
import type { Clock } from '../util/clock.js';
import type { WriteHooks } from '../util/files.js';
import { startPaperFile, type PaperKeeper } from '../watch/paper.js';
import { memo } from './memo.js';

export function startVenuePaper(o: {
  venues: readonly { id: SourceId; store: OddsStore }[];
  joined: StoreApi<AppState>;
  clock: Clock;
  dir: string;
  hooks?: WriteHooks;
}): PaperKeeper {
  const open = new Set(o.venues.map((v) => v.id));
  let carried: PaperBook['positions'] = [];
  const whole = memo((shown: PaperBook): PaperBook =>
    carried.length ? { positions: [...shown.positions, ...carried] } : shown,
  );
  return startPaperFile(
    {
      restore(book, at) {
        carried = book.positions.filter((p) => !open.has(p.ref.venue));
        for (const v of o.venues)
          v.store.getState().restorePaper({ positions: book.positions.filter((p) => p.ref.venue === v.id) }, at);
      },
      current: () => whole(o.joined.getState().paper),
      subscribe: (f) => o.joined.subscribe(f),
      notice: (text, at) => o.venues[0]!.store.getState().notice(text, 'warn', at, 'board'),
    },
    o,
  );
}
