import type { Key } from 'ink';
import { alertLogRoom } from '../components/AlertLog.js';
import type { KeyCtx } from './dispatch.js';
import { KEY_CONTEXTS } from './keyBindings.js';
import { matchCommand } from './keyLookup.js';

const FLASH_MS = 3000;

/**
 * The alert log overlay: the cursor moves over the alerts set, x removes one (config alerts stay: the file sets them);
 * PgDn / PgUp page through the log (up to 200 entries, more than a screen holds).
 */
export function alertLogKey(ctx: KeyCtx, input: string, key: Key): void {
  const cmd = matchCommand(KEY_CONTEXTS.alertLog.commands, input, key);
  const rules = ctx.store.getState().alerts.rules;
  const cursor = Math.min(ctx.ui.alertLog?.cursor ?? 0, Math.max(0, rules.length - 1));
  switch (cmd) {
    case 'quit':
    case 'forceQuit':
      return ctx.quit();
    case 'help':
      return ctx.dispatch({ type: 'toggleHelp' });
    case 'back':
    case 'alertLog':
      return ctx.dispatch({ type: 'toggleAlertLog' });
    case 'pageDown':
    case 'pageUp': {
      const { log } = ctx.store.getState().alerts;
      const room = alertLogRoom(rules.length, log.length, ctx.helpRows);
      const top = Math.min(ctx.ui.alertLog?.logTop ?? 0, Math.max(0, log.length - room));
      const next = top + (cmd === 'pageDown' ? room : -room);
      return ctx.dispatch({ type: 'alertLogScroll', top: Math.max(0, Math.min(next, log.length - room)) });
    }
    case 'up':
    case 'down':
      return ctx.dispatch({
        type: 'alertLogCursor',
        index: Math.min(Math.max(0, cursor + (cmd === 'down' ? 1 : -1)), Math.max(0, rules.length - 1)),
      });
    case 'removeAlert': {
      const rule = rules[cursor];
      if (!rule) return;
      const now = ctx.clock.now();
      if (rule.source === 'config')
        return ctx.dispatch({
          type: 'flash',
          // the file is read once, at the start: a removal there takes effect at the next one
          text:
            `That alert comes from the config file${ctx.configPath ? ` ${ctx.configPath}` : ''}, read when the ` +
            'dashboard starts: removed there, it goes at the next start.',
          at: now,
          until: now + FLASH_MS,
        });
      ctx.sync.removeAlert(rule.id);
      return ctx.dispatch({ type: 'alertLogCursor', index: Math.max(0, Math.min(cursor, rules.length - 2)) });
    }
    case undefined:
      return;
  }
}
