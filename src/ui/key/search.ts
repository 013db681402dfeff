import type { Key } from 'ink';
import { applyTextEdit } from '../textEdit.js';
import { textEditFor, type KeyCtx } from './dispatch.js';
import { KEY_CONTEXTS } from './keyBindings.js';
import { matchCommand } from './keyLookup.js';

export const SEARCH_MAX_CHARS = 200;

/** The search box: ⏎ sends the search (sync filters the cached rows at once), Esc leaves it, the rest edits. */
export function searchKey(ctx: KeyCtx, input: string, key: Key): void {
  const search = ctx.ui.search;
  if (!search) return;
  const cmd = matchCommand(KEY_CONTEXTS.search.commands, input, key);
  if (cmd === 'accept') {
    ctx.sync.search({ q: search.value.trim(), offset: 0 });
    ctx.dispatch({ type: 'closeSearch' });
    ctx.dispatch({ type: 'scrollTo', index: 0, visible: ctx.listRows, count: ctx.ids.length });
  } else if (cmd === 'cancel') {
    ctx.dispatch({ type: 'closeSearch' });
  } else {
    const edit = textEditFor(cmd, input, key);
    if (edit) ctx.dispatch({ type: 'editSearch', next: applyTextEdit(search, edit, SEARCH_MAX_CHARS) });
  }
}
