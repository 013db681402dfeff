import { describe, expect, it } from 'vitest';
import { oneShotService } from '../../../test/support/oneShot.js';
import { displayWidth } from '../../ui/format.js';

/** The one-shot commands' tables against the reference service over loopback HTTP: their width, as a script sees it. */
const service = oneShotService();
const { run, visible } = service;

describe('tables', () => {
  it(
    'colour on a terminal only: NO_COLOR (any value) and --color never turn it off, --color always wins, --theme ' +
      'light darkens',
    async () => {
      const argv = ['markets', '--limit', '5'];
      expect((await run(argv, { tty: true, columns: 100 })).out).toContain('\x1b[1;32mACTIVE');
      expect((await run(argv, { tty: true, columns: 100, env: { NO_COLOR: '1' } })).out).not.toContain('\x1b[');
      expect((await run(argv, { tty: true, columns: 100, env: { NO_COLOR: '0' } })).out).not.toContain('\x1b[');
      expect((await run([...argv, '--color', 'never'], { tty: true, columns: 100 })).out).not.toContain('\x1b[');
      expect((await run([...argv, '--color', 'always'], { env: { NO_COLOR: '1' } })).out).toContain('\x1b[1;32mACTIVE');
      const light = (await run([...argv, '--theme', 'light'], { tty: true, columns: 100 })).out;
      expect(light).toContain('\x1b[1;38;5;29mACTIVE'); // #116329, the nearest of the 256-colour cube
      expect(light).not.toMatch(/\x1b\[[0-9;]*3[36]m/);
      expect((await run([...argv, '--json'], { tty: true, columns: 100 })).out).not.toContain('\x1b[');
    },
  );

  const widest = (text: string) => Math.max(...text.split('\n').map((l) => displayWidth(l)));

  it('fit 80 columns when piped, the terminal width on a terminal; no colour when piped', async () => {
    const piped = await run(['markets', '--limit', '20', '--status', 'all']);
    expect(piped.code).toBe(0);
    expect(widest(piped.out)).toBeLessThanOrEqual(80);
    expect(piped.out).not.toContain('\x1b');
    expect(piped.out).toMatch(/^STATUS +ID +LEADING +PRICE +TITLE/);
    const tty = await run(['markets', '--limit', '20', '--color', 'never'], { tty: true, columns: 132 });
    expect(widest(tty.out)).toBeLessThanOrEqual(132);
    expect(tty.out).toMatch(/VOLUME +CLOSES/);
    const m = visible('active');
    for (const argv of [
      ['market', m.id],
      ['event', m.eventId],
      ['events'],
      ['quote', m.id, '--outcome', m.outcomes[0]!.name, '--amount', '10'],
    ]) {
      const r = await run(argv);
      expect(r.code).toBe(0);
      expect(widest(r.out)).toBeLessThanOrEqual(80);
      expect(r.out).not.toMatch(/NaN|undefined/);
    }
  });

  it('a terminal of 20 columns or fewer is laid out at its width, not at 80 that it wraps mid-id', async () => {
    for (const columns of [20, 16]) {
      const r = await run(['markets', '--limit', '5', '--color', 'never'], { tty: true, columns });
      expect(r.code).toBe(0);
      // the ids (mkt-… of 10) fit alone: every line within the width (it was laid out at 80, an id split by the wrap)
      expect(widest(r.out), r.out).toBeLessThanOrEqual(columns);
      expect(r.out).toMatch(/^(ACTIVE +)?mkt-[0-9a-z]{6}$/m);
    }
  });

  it('the demo says why it answers: --demo over a configured base URL, else none configured', async () => {
    const demo = ': simulated data from the embedded demo service';
    const chosen = await run(['markets', '--demo', '--limit', '1']);
    expect(chosen.code).toBe(0);
    expect(chosen.err).toBe(`oddsboard: --demo${demo}\n`);
    // a first run said nothing of where real markets are (and "no base URL" pointed at a service of the interface)
    const fallback = await run(['markets', '--limit', '1'], { env: { ODDSBOARD_BASE_URL: '' } });
    expect(fallback.err).toBe(
      `oddsboard: no source or base URL configured${demo}; ` +
        'real markets, no account needed: --source polymarket (or kalshi, manifold, all)\n',
    );
  });
});
