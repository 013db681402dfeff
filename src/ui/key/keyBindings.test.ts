import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { FOOTER_KEYS } from '../components/Footer.js';
import { KEY_BINDINGS, matchCommand, matches, typedText, type Command } from './keyBindings.js';

const none: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
  return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
  super: false, hyper: false, capsLock: false, numLock: false,
};
const k = (p: Partial<Key>): Key => ({ ...none, ...p });

describe('key registry', () => {
  it('gives every command at least one key and a help text', () => {
    for (const [name, b] of Object.entries(KEY_BINDINGS)) {
      expect(b.keys.length, name).toBeGreaterThan(0);
      expect(b.help.length, name).toBeGreaterThan(3);
      expect(b.label.length, name).toBeGreaterThan(0);
    }
  });

  it('matches by name: letters, named keys, ctrl and shift', () => {
    expect(matches('down', 'j', none)).toBe(true);
    expect(matches('down', '', k({ downArrow: true }))).toBe(true);
    expect(matches('last', 'G', k({ shift: true }))).toBe(true);
    expect(matches('forceQuit', 'c', k({ ctrl: true }))).toBe(true);
    expect(matches('category', 'c', k({ ctrl: true }))).toBe(false);
    expect(matches('fieldNext', '', k({ tab: true }))).toBe(true);
    expect(matches('fieldNext', '', k({ tab: true, shift: true }))).toBe(false);
    expect(matches('fieldPrev', '', k({ tab: true, shift: true }))).toBe(true);
    expect(matchCommand(['quit', 'help'] as const, '?', none)).toBe('help');
  });

  it('has no two browse commands on the same key', () => {
    const browse: Command[] = ['quit', 'help', 'search', 'sort', 'filter', 'category', 'refresh', 'up', 'down', 'pageUp', 'pageDown', 'first', 'last', 'focusNext', 'back'];
    const seen = new Map<string, Command>();
    for (const c of browse) {
      for (const m of KEY_BINDINGS[c].keys) {
        const id = JSON.stringify(m);
        expect(seen.get(id), `${c} vs ${seen.get(id)}`).toBeUndefined();
        seen.set(id, c);
      }
    }
  });

  it('types only printable keys into fields', () => {
    expect(typedText('q', none)).toBe('q');
    expect(typedText('c', k({ ctrl: true }))).toBe('');
    expect(typedText('', k({ return: true }))).toBe('');
  });

  it('shows only registered commands in the footer', () => {
    for (const list of Object.values(FOOTER_KEYS)) for (const c of list) expect(KEY_BINDINGS[c]).toBeDefined();
  });
});
