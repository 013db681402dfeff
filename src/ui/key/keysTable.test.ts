import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KEY_BINDINGS } from './keyBindings.js';
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
