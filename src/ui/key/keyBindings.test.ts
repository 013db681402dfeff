import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { KEY_BINDINGS, KEY_CONTEXTS, type Command } from './keyBindings.js';
import { helpSections, matchCommand, matches, typedText } from './keyLookup.js';
import { NO_KEY } from './chunk.js';

const none: Key = NO_KEY;
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

  it.each(Object.keys(KEY_CONTEXTS) as (keyof typeof KEY_CONTEXTS)[])(
    '%s: no command listed twice, and no two on the same key',
    (name) => {
      const cmds: readonly Command[] = KEY_CONTEXTS[name].commands;
      expect(new Set(cmds).size).toBe(cmds.length);
      const seen = new Map<string, Command>();
      for (const c of cmds) {
        for (const m of KEY_BINDINGS[c].keys) {
          const id = JSON.stringify(m);
          expect(seen.get(id), `${c} vs ${seen.get(id)}`).toBeUndefined();
          seen.set(id, c);
        }
      }
    },
  );

  it('lists every command in some context, and help shows each once', () => {
    const listed = new Set<Command>(Object.values(KEY_CONTEXTS).flatMap((c) => [...c.commands]));
    expect([...listed].sort()).toEqual((Object.keys(KEY_BINDINGS) as Command[]).sort());
    const shown = helpSections().flatMap((s) => s.bindings);
    expect(shown).toHaveLength(listed.size);
  });

  it('types only printable keys into fields', () => {
    expect(typedText('q', none)).toBe('q');
    expect(typedText('c', k({ ctrl: true }))).toBe('');
    expect(typedText('', k({ return: true }))).toBe('');
  });

  it('gives each context a footer from the head of its list, every one with a one-word name', () => {
    for (const ctx of Object.values(KEY_CONTEXTS)) {
      expect(ctx.footer).toBeGreaterThan(0);
      expect(ctx.footer).toBeLessThanOrEqual(ctx.commands.length);
      for (const c of ctx.commands.slice(0, ctx.footer)) expect('short' in KEY_BINDINGS[c], c).toBe(true);
    }
  });
});
