/**
 * Who carries out the scripted user activity: either the sync intents called
 * directly (the plain budget bench), or key presses typed into the real App
 * through a fake terminal's stdin (`--ui` and the soak), one key per write.
 */
import type { OddsStore } from '../src/store/store.js';
import type { SyncIntents } from '../src/sync/types.js';
import type { UserAction } from './activity.js';
import { KEY, type BenchScreen } from './screen.js';

export interface Actor {
  /**
   * Perform one scripted action. When it finishes typing a quote amount, returns
   * the market the quote is for (so its answer can be timed).
   */
  act(a: UserAction): Promise<string | undefined>;
  /** Key presses sent so far (0 for the intent actor). */
  keys(): number;
}

/** Calls the sync intents directly, as the budget bench always did. */
export function intentActor(store: OddsStore, sync: SyncIntents): Actor {
  let typingFor: string | undefined;
  return {
    keys: () => 0,
    async act(a) {
      const st = store.getState();
      if (a.kind === 'move') {
        const ids = st.list.ids;
        if (ids.length === 0) return undefined;
        const i = st.selectedId === undefined ? -1 : ids.indexOf(st.selectedId);
        sync.select(ids[Math.min(ids.length - 1, Math.max(0, i + a.dir))]);
      } else if (a.kind === 'quote') {
        const id = (typingFor ??= st.selectedId);
        if (id === undefined) return undefined;
        const outcome = st.markets[id]?.market.outcomes[0]?.name ?? 'Yes';
        sync.editQuote(id, { outcome, amount: a.amount, action: 'buy' });
        if (a.last) {
          typingFor = undefined;
          return id;
        }
      } else if (a.kind === 'sort') {
        sync.search({ sort: a.sort, offset: 0 });
      } else {
        sync.search({ q: a.q, offset: 0 });
      }
      return undefined;
    },
  };
}

/** Upper bound of `s` presses to reach a sort order (the cycle has four). */
const SORT_CYCLE = 4;

/**
 * Types the activity into the App: j/k for selection, Enter Enter (list →
 * detail → quote form), Ctrl-U and the amount's characters for a quote, then
 * Esc Esc back to the list; `s` until the wanted sort shows; `/`, the search
 * text, Enter for a search.
 */
export function keyActor(store: OddsStore, screen: BenchScreen): Actor {
  let typingFor: string | undefined;
  /** The quote being typed was skipped: no row to open the form on (an empty result, a page on its way). */
  let skipping = false;
  let keys = 0;
  const press = async (k: string) => {
    keys++;
    await screen.press(k);
  };
  return {
    keys: () => keys,
    async act(a) {
      if (a.kind === 'move') {
        // the walk stays on page 1, as the intent actor's does: j on the last row of a full page would turn it
        // (k on the first row of page 1 does nothing, as before)
        const st = store.getState();
        const ids = st.list.ids;
        if (a.dir > 0 && ids.length > 0 && st.selectedId === ids[ids.length - 1]) return undefined;
        await press(a.dir > 0 ? KEY.down : KEY.up);
      } else if (a.kind === 'quote') {
        if (a.amount.length === 1) {
          // with no row, ⏎ opens nothing and the digits would switch views (1–6): a person would not type then either
          skipping = store.getState().list.ids.length === 0;
        }
        if (skipping) {
          if (a.last) skipping = false;
          return undefined;
        }
        if (a.amount.length === 1) {
          // open the form on the market under the cursor and clear an amount typed there before
          await press(KEY.enter);
          await press(KEY.enter);
          await press(KEY.ctrlU);
          typingFor = store.getState().selectedId;
        }
        await press(a.amount.slice(-1));
        if (a.last) {
          await press(KEY.esc);
          await press(KEY.esc);
          const id = typingFor;
          typingFor = undefined;
          return id;
        }
      } else if (a.kind === 'sort') {
        for (let n = 0; n < SORT_CYCLE && (store.getState().list.query.sort || 'volume') !== a.sort; n++)
          await press('s');
      } else {
        await press('/');
        await press(KEY.ctrlU);
        for (const ch of a.q) await press(ch);
        await press(KEY.enter);
      }
      return undefined;
    },
  };
}
