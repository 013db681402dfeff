/**
 * `g` and `o` on the dashboard, per platform, against its replay of test/fixtures/real/<venue> over loopback: the real
 * store, the real sync (its budget, one job per lookup) and the platform's real client. Addresses of a market and of
 * an event in the forms each site writes (cited in src/links/parse.test.ts), a ticker, a slug and an id go to the
 * right market (an event opens in Events); five malformed inputs get their message and change nothing; `o` hands the
 * page address, on the platform's host, to the opener — a recording script as `$BROWSER` — or shows it to copy.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPage, type OpenResult } from '../../links/open.js';
import { startSourceReplay, type RunningSourceReplay } from '../../sources/replay.js';
import { loadPlatform } from '../../sources/index.js';
import type { PlatformDef, SourceClient } from '../../sources/types.js';
import { createOddsStore, type OddsStore } from '../../store/store.js';
import { createSync } from '../../sync/index.js';
import type { RateAwareSync, RequestInfo } from '../../sync/types.js';
import { ManualClock } from '../../util/clock.js';
import { App } from '../App.js';
import { renderTerminal, type TestTerminal } from '../../../test/support/terminal.js';
import { KEYS, press, waitFor, waitForFrame } from '../../../test/support/wait.js';
import type { PlatformId } from '../../links/types.js';

const NOW = Date.UTC(2026, 9, 9, 12, 0, 0);

interface Board {
  def: PlatformDef;
  srv: RunningSourceReplay;
  client: SourceClient;
  store: OddsStore;
  sync: RateAwareSync;
  term: TestTerminal;
  sent: RequestInfo[];
}
let board: Board | undefined;

async function open(
  venue: PlatformId,
  opener?: (a: string, failed?: (r: string) => void) => OpenResult,
): Promise<Board> {
  const def = await loadPlatform(venue);
  const clock = new ManualClock(NOW);
  const srv = await startSourceReplay({ def, dir: `test/fixtures/real/${venue}`, clock });
  const client = def.createClient({ baseUrl: `${srv.url}${def.replayPrefix}`, clobUrl: srv.url });
  const store = createOddsStore({
    mode: venue,
    limit: 60,
    caps: def.caps,
    documentedLimit: def.limits.documentedPerMinute,
  });
  const sent: RequestInfo[] = [];
  const sync = createSync({ client, store, clock, limit: 60, onRequest: (r) => sent.push(r) });
  const term = renderTerminal(
    <App store={store} sync={sync} clock={clock} {...(opener ? { openPage: opener } : {})} />,
    {
      columns: 160,
      rows: 40,
    },
  );
  sync.start();
  board = { def, srv, client, store, sync, term, sent };
  await waitFor(() => store.getState().list.loadedAt !== undefined, 'the first list');
  return board;
}

afterEach(async () => {
  const b = board;
  board = undefined;
  if (!b) return;
  b.term.unmount();
  await b.sync.stop();
  await b.client.close?.();
  await b.srv.close();
});

/** Paste `text` into the go-to box and send it; resolves when the store says how it went. */
async function goTo(b: Board, text: string): Promise<string> {
  await press(b.term, 'g', () => b.term.lastFrame()?.includes('go to') === true);
  b.term.stdin.write(KEYS.paste(text));
  // the box shows the end of a long text, where the cursor is; its start ('https://polymarket.c') was also the start
  // of the detail pane's `Page` line while that drew a cut address with its scheme
  await waitFor(() => b.term.lastFrame()?.includes(text.slice(-20)) === true, 'the pasted text');
  const before = b.store.getState().goTo?.seq ?? 0;
  b.term.stdin.write(KEYS.enter);
  await waitFor(() => {
    const g = b.store.getState().goTo;
    return g !== undefined && g.seq > before && g.status !== 'looking';
  }, `the lookup of ${text}`);
  return b.store.getState().goTo!.status;
}

/** Waits until the screen shows the found market selected in Markets, and returns the frame. */
async function inMarkets(b: Board, id: string, title: string): Promise<string> {
  const f = await waitForFrame(b.term, (s) => s.includes('◆ Markets') && s.includes(title.slice(0, 30)));
  expect(b.store.getState().selectedId).toBe(id);
  expect(b.store.getState().list.pinned ?? b.store.getState().list.ids[0]).toBeDefined();
  return f;
}

// Each wait has the kit's deadline (WAIT_DEADLINE_MS; a 5 s one failed a lookup on a loaded machine), and a
// test is a dozen waits (one took 19 s under load, of vitest's default 20): each describe states a timeout for them.
describe('Polymarket', { timeout: 120_000 }, () => {
  it('a market address (in its event), an event address, a slug and an id', async () => {
    const b = await open('polymarket');
    // the market inside its event, as polymarket.com links it (with a locale and a query)
    expect(
      await goTo(
        b,
        'https://polymarket.com/es/event/fed-decision-in-september-762/will-the-fed-decrease-interest-rates-by-25-bps-after-the-september-2026-meeting-586?tid=1',
      ),
    ).toBe('found');
    await inMarkets(b, '2252243', 'Will the Fed decrease interest rates by 25');
    expect(b.sent.filter((r) => r.kind === 'lookup')).toHaveLength(1);
    expect(b.sent.filter((r) => r.kind === 'lookup').every((r) => r.cls === 'interactive')).toBe(true);
    // an event address: Events, the event open
    expect(await goTo(b, 'polymarket.com/event/fed-decision-in-september-762')).toBe('found');
    await waitFor(() => b.store.getState().events.openId === '481717', 'the event open');
    await waitForFrame(b.term, '◆ Event Fed Decision in September?');
    // a numeric id
    expect(await goTo(b, '2252246')).toBe('found');
    await inMarkets(b, '2252246', 'Will the Fed increase interest rates by 50');
    // a slug
    expect(await goTo(b, 'will-there-be-no-change-in-fed-interest-rates-after-the-september-2026-meeting-615')).toBe(
      'found',
    );
    await inMarkets(b, '2252244', 'Will there be no change in Fed interest');
  });
});

describe('Kalshi', { timeout: 120_000 }, () => {
  it('an event address opens Events; a series address; a market ticker', async () => {
    const b = await open('kalshi');
    expect(await goTo(b, 'https://kalshi.com/markets/kxnewpope/next-pope/kxnewpope-70')).toBe('found');
    await waitFor(() => b.store.getState().events.openId === 'KXNEWPOPE-70', 'the event open');
    await waitForFrame(b.term, '◆ Event Who will the next Pope be?');
    expect(await goTo(b, 'www.kalshi.com/markets/kxelonmars')).toBe('found');
    await waitFor(() => b.store.getState().events.openId === 'KXELONMARS-99', 'the series’ event open');
    expect(await goTo(b, 'KXNEWPOPE-70-PPIZ')).toBe('found');
    await inMarkets(b, 'KXNEWPOPE-70-PPIZ', 'Who will the next Pope be');
  });
});

describe('Manifold', { timeout: 120_000 }, () => {
  it('a market address, a slug and an id', async () => {
    const b = await open('manifold');
    expect(await goTo(b, 'https://manifold.markets/JimMcMillan/will-a-second-ai-lab-say-one-of-its')).toBe('found');
    const title = b.store.getState().markets['5SEnEAddg5']!.market.title;
    await inMarkets(b, '5SEnEAddg5', title);
    expect(await goTo(b, 'trump-wins-nobel-peace-prize-2026')).toBe('found');
    expect(b.store.getState().selectedId).toBe('nRSlhy5c2L');
    expect(await goTo(b, 'EU2P5AdyuE')).toBe('found');
    expect(b.store.getState().selectedId).toBe('EU2P5AdyuE');
  });

  it('an all lower-case id as the board shows it (manifold:73y2fs1i7b), and bare: the market', async () => {
    const b = await open('manifold');
    const lookups = () => b.sent.filter((r) => r.kind === 'lookup').length;
    expect(await goTo(b, 'manifold:73y2fs1i7b')).toBe('found');
    expect(b.store.getState().selectedId).toBe('73y2fs1i7b');
    expect(lookups()).toBe(1); // its id first: one request
    expect(await goTo(b, 'wtbuohcray')).toBe('found');
    expect(b.store.getState().selectedId).toBe('wtbuohcray');
    expect(lookups()).toBe(3); // its slug (nothing), then its id
  });

  it('five malformed inputs: their message, the box stays open, nothing else changes', async () => {
    const b = await open('manifold');
    const before = { sel: b.store.getState().selectedId, sent: b.sent.length, list: b.store.getState().list.ids };
    const cases: [string, string][] = [
      ['https://example.com/event/x', 'example.com is not Polymarket, Kalshi or Manifold'],
      ['https://manifold.markets/JimMcMillan', 'a profile, not a market'],
      ['fed decision', 'has spaces'],
      ['?!*', 'no address, ticker, slug or id'],
      [
        'https://polymarket.com/event/fed-decision-in-september-762',
        'this board shows Manifold (start with --source polymarket)',
      ],
    ];
    for (const [text, said] of cases) {
      await press(b.term, 'g', () => b.term.lastFrame()?.includes('go to') === true);
      b.term.stdin.write(KEYS.paste(text));
      const f = await press(b.term, KEYS.enter, () => b.term.lastFrame()?.includes(said) === true).catch((e) => {
        throw new Error(`${text}: ${(e as Error).message}\n${b.term.lastFrame()}`);
      });
      expect(f).toContain('go to'); // the box is still open, to fix the text
      await press(b.term, KEYS.esc, () => b.term.lastFrame()?.includes('⏎ go · Esc cancel') !== true);
    }
    expect(b.store.getState().selectedId).toBe(before.sel);
    expect(b.store.getState().list.ids).toBe(before.list);
    expect(b.sent.slice(before.sent).filter((r) => r.kind === 'lookup')).toHaveLength(0);
  });
});

describe('o: the page in the browser', { timeout: 120_000 }, () => {
  it('$BROWSER (a recording script) receives the market’s page address on the platform’s host', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-browser-'));
    const log = join(dir, 'opened.txt');
    const script = join(dir, 'record-browser.sh');
    writeFileSync(script, `#!/bin/sh\nprintf '%s\\n' "$1" >> '${log}'\n`);
    chmodSync(script, 0o755);
    const env = { ...process.env, BROWSER: script };
    const b = await open('manifold', (address) => openPage(address, { env, platform: process.platform }));
    expect(await goTo(b, 'nRSlhy5c2L')).toBe('found');
    await press(b.term, 'o', () => b.term.lastFrame()?.includes('Opened https://manifold.markets/') === true);
    await waitFor(() => existsSync(log) && readFileSync(log, 'utf8').includes('\n'), 'the script to record');
    expect(readFileSync(log, 'utf8').trim()).toBe(
      'https://manifold.markets/Simon74fe/trump-wins-nobel-peace-prize-2026',
    );
    // the detail pane shows the same address, too long for it: plainly cut (docs/views.md § The page line)
    expect(b.term.lastFrame()).toContain('Page manifold.markets/Simon74fe/trump-wins-n… · o opens it');
  });

  it('an opener that fails ($BROWSER exits 1) does not stay “Opened”: its failure, the address to copy', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-browser-'));
    const script = join(dir, 'failing-browser.sh');
    writeFileSync(script, '#!/bin/sh\nexit 1\n');
    chmodSync(script, 0o755);
    const env = { ...process.env, BROWSER: script };
    const b = await open('manifold', (address, failed) =>
      openPage(address, { env, platform: process.platform }, failed),
    );
    expect(await goTo(b, 'nRSlhy5c2L')).toBe('found');
    b.term.stdin.write('o');
    const f = await waitForFrame(b.term, 'shown below to copy', 30_000);
    expect(f).toContain('failing-browser.sh exited with 1');
    expect(f).not.toContain('Opened');
    expect(f.split('\n').some((l) => l.startsWith('https://manifold.markets/Simon74fe/'))).toBe(true);
  });

  it('with no opener, the address is shown whole to copy; the next key hides it', async () => {
    const b = await open('polymarket', (address) => openPage(address, { env: { PATH: '' }, platform: 'linux' }));
    expect(await goTo(b, '2252246')).toBe('found');
    // the market was read by id (/markets/{id}), its event inline as Gamma sends it: the event's page of the market
    const address =
      'https://polymarket.com/event/fed-decision-in-september-762/' +
      'will-the-fed-increase-interest-rates-by-50-bps-after-the-september-2026-meeting-664';
    const f = await press(b.term, 'o', () => b.term.lastFrame()?.includes('shown below to copy') === true);
    expect(f).toContain('no browser opener was found');
    // on lines of its own, every character there (longer than the terminal: wrapped by wrapAddress)
    const lines = f.split('\n');
    const at = lines.findIndex((l) => l.startsWith('https://polymarket.com/'));
    expect(at, f).toBeGreaterThan(0);
    let shown = '';
    for (const l of lines.slice(at)) if (shown.length < address.length) shown += l.trimEnd();
    expect(shown).toBe(address);
    const copyLine = (x: string | undefined) => x?.split('\n').some((l) => l.startsWith('https://polymarket.com/'));
    await press(b.term, 'j', () => copyLine(b.term.lastFrame()) !== true);
  });
});
