import { useInput, usePaste } from 'ink';
import { handleInput, handlePaste, type KeyDeps } from '../key/dispatch.js';

/** The app's one keyboard and paste entry point; everything else is matched by command name in the handlers. */
export function useKeys(deps: KeyDeps): void {
  useInput((input, key) => {
    if (key.eventType === 'release') return;
    handleInput(deps, input, key);
  });
  usePaste((text) => handlePaste(deps, text));
}
