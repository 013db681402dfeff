import { describe, expect, it } from 'vitest';
import { cliIo } from '../../test/support/cliIo.js';
import { main } from './main.js';

/** A word that is not a command: what a person typed is named when it reads as a word, never when it may be a key. */
async function stderrOf(argv: string[]): Promise<{ code: number; err: string }> {
  const c = cliIo();
  const code = await main(argv, c.io);
  return { code, err: c.err() };
}

describe('a word that is not a command', () => {
  it('names the word (it said "argument 1 is not a command" without it) and the command it is close to', async () => {
    const history = await stderrOf(['history']);
    expect(history.code).toBe(2);
    expect(history.err).toMatch(/^oddsboard: history \(argument 1\) is not a command \(commands: markets, /);
    const maket = await stderrOf(['maket', 'x']);
    expect(maket.err).toMatch(/^oddsboard: maket \(argument 1\) is not a command: did you mean market\? \(commands: /);
    expect((await stderrOf(['help', 'evnts'])).err).toMatch(/^oddsboard: evnts \(argument 2\) .*did you mean events\?/);
  });

  it('a word that may be a pasted key is counted, never repeated', async () => {
    for (const word of ['sk_live_0123456789abcdef', 'a'.repeat(40), 'mkt-0auq2x']) {
      const r = await stderrOf([word]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/^oddsboard: argument 1 is not a command \(commands: /);
      expect(r.err).not.toContain(word);
    }
  });
});
