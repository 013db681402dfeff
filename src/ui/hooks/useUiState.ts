import { useCallback, useRef, useState } from 'react';
import { initialUiState, uiReducer, type UiAction, type UiState } from '../uiState.js';

/**
 * `useReducer` over uiReducer that also lets key handlers read the newest
 * state at once (two key presses can arrive before React renders again).
 */
export function useUiState(initial: UiState = initialUiState): [UiState, (a: UiAction) => void, () => UiState] {
  const ref = useRef(initial);
  const [state, setState] = useState(initial);
  const dispatch = useCallback((action: UiAction) => {
    const next = uiReducer(ref.current, action);
    if (next !== ref.current) {
      ref.current = next;
      setState(next);
    }
  }, []);
  const read = useCallback(() => ref.current, []);
  return [state, dispatch, read];
}
