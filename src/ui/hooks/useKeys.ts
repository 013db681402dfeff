import { useInput, usePaste } from 'ink';
import { handleInput, handlePaste, type KeyDeps } from '../key/dispatch.js';

/**
 * The app's one keyboard and paste entry point; everything else is matched by
 * command name in the handlers. `onKey` runs first, before the handler changes
 * anything (the App's frame pacing learns that a person is typing).
 */
export function useKeys(deps: KeyDeps, onKey?: () => void): void {
  useInput((input, key) => {
    if (key.eventType === 'release') return;
    onKey?.();
    handleInput(deps, input, key);
  });
  usePaste((text) => {
    onKey?.();
    handlePaste(deps, text);
  });
}
