import { render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import type { StatusTransition } from '../../store/types.js';
import { makeMarket } from '../../../test/support/fixtures.js';
import { waitForFrame } from '../../../test/support/wait.js';
import { formatClock } from '../format.js';
import { ChangesPane, ChangesTicker } from './Changes.js';
import { QuoteFormPane } from './QuoteForm.js';

const NOW = 10 * 60_000;
const ts: StatusTransition[] = [
  {
    id: 'a',
    title: 'Will the central bank cut rates at the December meeting?',
    from: 'settling',
    to: 'resolved',
    resolvedOutcome: 'Yes',
    at: NOW - 2 * 60_000,
  },
  { id: 'b', title: 'Rain in Lisbon\x1b]52;c;QUFB\x07 tomorrow', from: 'active', to: 'closed', at: NOW - 5_000 },
  { id: 'c', title: '東京の天気は晴れ？', from: 'closed', to: 'settling', at: NOW - 3 * 3_600_000 },
];

describe('recent changes pane', () => {
  it('lists badge, title cut by width, resolved outcome and age, newest first, within its width', async () => {
    const f = await waitForFrame(render(<ChangesPane transitions={ts} now={NOW} width={50} height={4} />), 'Recent');
    const lines = f.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('Recent changes · 3');
    expect(lines[1]).toBe('RESOLVED Will the central bank cut r… → Yes 2m ago');
    expect(lines[2]).toMatch(/^CLOSED {3}Rain in Lisbon tomorrow +5s ago$/);
    expect(lines[3]).toMatch(/^SETTLING 東京の天気は晴れ？ +3h ago$/);
    for (const l of lines) expect(stringWidth(l)).toBeLessThanOrEqual(50);
    expect(f).not.toContain('\x1b]52');
  });

  it('says how many do not fit, says "none yet" when empty, and draws nothing below two lines', async () => {
    const f = await waitForFrame(render(<ChangesPane transitions={ts} now={NOW} width={60} height={2} />), 'Recent');
    expect(f.split('\n')).toEqual([
      expect.stringMatching(/^Recent changes · 3 \(2 more\)$/),
      expect.stringContaining('RESOLVED'),
    ]);
    const none = await waitForFrame(render(<ChangesPane transitions={[]} now={NOW} width={60} height={5} />), 'Recent');
    expect(none).toBe('Recent changes\nnone yet: markets that close, settle or resolve show here');
    expect(render(<ChangesPane transitions={ts} now={NOW} width={60} height={1} />).lastFrame()).toBe('');
  });

  it('the ticker shows the newest change and how many more in one line, cutting the title first', async () => {
    const f = await waitForFrame(render(<ChangesTicker transitions={ts} now={NOW} width={60} />), 'Changed');
    expect(f).toBe('Changed RESOLVED Will the central ban… → Yes 2m ago  +2 more');
    expect(stringWidth(f)).toBeLessThanOrEqual(60);
    const one = await waitForFrame(render(<ChangesTicker transitions={ts.slice(1)} now={NOW} width={80} />), 'Changed');
    expect(one).toMatch(/^Changed CLOSED {3}Rain in Lisbon tomorrow +5s ago {2}\+1 more$/);
  });
});

describe('the idle quote hint depends on focus', () => {
  const base = {
    market: makeMarket(1),
    entry: undefined,
    tradeState: undefined,
    field: 'amount' as const,
    amountCursor: 0,
    width: 80,
    height: 1,
    collapsed: true,
  };
  it('two ⏎ from the list, one from the detail pane', async () => {
    expect(await waitForFrame(render(<QuoteFormPane {...base} focused={false} />), 'Quote')).toBe(
      '◇ Quote  Press ⏎ twice to open the quote form.',
    );
    expect(await waitForFrame(render(<QuoteFormPane {...base} focused={false} detailFocused />), 'Quote')).toBe(
      '◇ Quote  Press ⏎ to open the quote form.',
    );
    const open = await waitForFrame(
      render(<QuoteFormPane {...base} collapsed={false} height={6} focused={false} detailFocused />),
      'Quote',
    );
    expect(open).toContain('Press ⏎ to open the quote form.');
  });
});

describe('outages among the recent changes', () => {
  it(
    'records outages longer than a minute among the changes, newest first, so a person coming back sees what ' +
      'happened',
    async () => {
      const from = NOW - 20 * 60_000;
      const outage = { status: 'offline' as const, from, to: from + 14 * 60_000, failures: 84, cause: 'refused' };
      const f = await waitForFrame(
        render(<ChangesPane transitions={ts} outages={[outage]} now={NOW} width={70} height={5} />),
        'Recent',
      );
      const lines = f.split('\n');
      expect(lines[0]).toBe('Recent changes · 4');
      expect(lines[1]).toMatch(/^RESOLVED /);
      expect(lines[2]).toMatch(/^CLOSED /);
      expect(lines[3]).toBe(
        `OFFLINE  ${formatClock(from).slice(0, 5)}–${formatClock(from + 14 * 60_000).slice(0, 5)}, ` +
          `14 min · refused ×84  6m ago`,
      );
      const ticker = await waitForFrame(
        render(<ChangesTicker transitions={[]} outages={[outage]} now={NOW} width={60} />),
        'OFFLINE',
      );
      expect(ticker).toMatch(/^Changed OFFLINE {2}\d\d:\d\d–\d\d:\d\d, 14 min/);
    },
  );

  it('with several venues names the venue by its letter, however narrow (the cause is cut first)', async () => {
    const from = NOW - 3 * 60_000;
    const outage = { status: 'offline' as const, from, to: from + 80_000, failures: 6, cause: 'timeout' };
    const pane = (width: number) =>
      waitForFrame(
        render(
          <ChangesPane
            transitions={[]}
            outages={[{ ...outage, venue: 'polymarket' }]}
            now={NOW}
            width={width}
            height={3}
          />,
        ),
        'OFFLINE',
      );
    expect((await pane(70)).split('\n')[1]).toMatch(/^OFFLINE {2}P \d\d:\d\d–\d\d:\d\d, 1 min · timeout ×6 {2}1m ago$/);
    // narrow: the cause goes, the venue stays, and the length never runs into the age ("1 min 1m ago")
    expect((await pane(38)).split('\n')[1]).toMatch(/^OFFLINE {2}P \d\d:\d\d–\d\d:\d\d, 1 min {2}1m ago$/);
  });
});
