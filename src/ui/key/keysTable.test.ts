import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Key } from 'ink';
import { NO_KEY } from './chunk.js';
import { KEY_BINDINGS, KEY_CONTEXTS, type Command } from './keyBindings.js';
import { matchCommand } from './keyLookup.js';
import { keysMarkdown, withKeysTable } from './keysTable.js';

const readme = readFileSync(new URL('../../../docs/keys.md', import.meta.url), 'utf8');

describe('the keys table (docs/keys.md)', () => {
  it('is the one generated from the registry (run `npm run docs:keys` after changing a binding)', () => {
    expect(withKeysTable(readme)).toBe(readme);
  });

  it('would go stale when a binding changes', () => {
    const b = KEY_BINDINGS.sort as { label: string };
    const label = b.label;
    try {
      b.label = 'S';
      expect(withKeysTable(readme)).not.toBe(readme);
      expect(keysMarkdown()).toContain('| `S` | Cycle sort');
    } finally {
      b.label = label;
    }
  });
});

describe('docs/views.md names the list moves the registry binds', () => {
  const views = readFileSync(new URL('../../../docs/views.md', import.meta.url), 'utf8');
  const MOVES: readonly Command[] = ['up', 'down', 'pageUp', 'pageDown', 'first', 'last'];
  const NAMED: Readonly<Record<string, Partial<Key>>> = {
    PgUp: { pageUp: true },
    PgDn: { pageDown: true },
    Home: { home: true },
    End: { end: true },
    '↑': { upArrow: true },
    '↓': { downArrow: true },
  };
  /** The command a key written in the doc (`j`, `G`, `PgUp`, `Home`) runs in a list. */
  const commandOf = (word: string) =>
    NAMED[word]
      ? matchCommand(KEY_CONTEXTS.browse.commands, '', { ...NO_KEY, ...NAMED[word] })
      : matchCommand(KEY_CONTEXTS.browse.commands, word, { ...NO_KEY, shift: word !== word.toLowerCase() });

  it('every key the sentence names moves the cursor, and every move is named', () => {
    const sentence = /([^.]*) move through any list/.exec(views.replace(/\s+/g, ' '))?.[1];
    expect(sentence).toBeDefined();
    const words = [...sentence!.matchAll(/`([^`]+)`/g)].flatMap((m) => m[1]!.split('/'));
    expect(words.length).toBeGreaterThan(0);
    for (const w of words) expect(MOVES, `${w} in docs/views.md`).toContain(commandOf(w));
    expect(new Set(words.map(commandOf))).toEqual(new Set(MOVES));
  });
});
