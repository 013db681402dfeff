import { describe, expect, it } from 'vitest';
import { createOddsStore, type StoreView } from '../store/store.js';

describe("the UI's view of the store", () => {
  it('reads state but offers no action: writing goes through sync intents (checked by the compiler)', () => {
    const view: StoreView = createOddsStore({ mode: 'key', limit: 30 });
    expect(view.getState().list.ids).toEqual([]);
    // @ts-expect-error — the UI's store type has no actions
    expect(typeof view.getState().select).toBe('function');
  });
});
