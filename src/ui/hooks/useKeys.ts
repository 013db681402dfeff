import { useInput, usePaste } from 'ink';
import { drawKeyAtOnce } from '../inkThrottle.js';
import { handleInput, handlePaste, type KeyDeps } from '../key/dispatch.js';

/**
 * The app's one keyboard and paste entry point; everything else is matched by
 * command name in the handlers. `onKey` runs first, before the handler changes
 * anything (the App's frame pacing learns that a person is typing); the frame a key causes is drawn at once, not
 * held behind Ink's frame throttle (src/ui/inkThrottle.ts).
 */
export function useKeys(deps: KeyDeps, onKey?: () => void): void {
  useInput((input, key) => {
    if (key.eventType === 'release') return;
    drawKeyAtOnce();
    onKey?.();
    handleInput(deps, input, key);
  });
  usePaste((text) => {
    drawKeyAtOnce();
    onKey?.();
    handlePaste(deps, text);
  });
}
