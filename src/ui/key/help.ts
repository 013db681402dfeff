import type { Key } from 'ink';
import { helpPage } from '../components/HelpOverlay.js';
import type { KeyCtx } from './dispatch.js';
import { KEY_CONTEXTS } from './keyBindings.js';
import { matchCommand } from './keyLookup.js';

/** The help overlay: scroll, close, quit. */
export function helpKey(ctx: KeyCtx, input: string, key: Key): void {
  const cmd = matchCommand(KEY_CONTEXTS.help.commands, input, key);
  const page = helpPage(ctx.helpRows);
  const max = Math.max(0, ctx.helpLines - ctx.helpRows);
  switch (cmd) {
    case 'quit':
    case 'forceQuit':
      return ctx.quit();
    case 'back':
    case 'help':
      return ctx.dispatch({ type: 'closeHelp' });
    case 'up':
    case 'down':
    case 'pageUp':
    case 'pageDown':
    case 'first':
    case 'last': {
      // a whole window's worth (max) either way is always enough: the reducer clamps to 0..max
      const delta = { up: -1, down: 1, pageUp: -page, pageDown: page, first: -max, last: max }[cmd];
      return ctx.dispatch({ type: 'scrollHelp', delta, max });
    }
    case undefined:
      return;
  }
}
