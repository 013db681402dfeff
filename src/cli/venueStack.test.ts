/**
 * The dashboard's venue stack with the person's identity (issue #28): a Kalshi key from the environment gives the
 * venue a positions reader (read through its sync), the store names the key's id only — the private key is in no
 * byte of the store's state or its notices; a venue without an identity has no reader; a half-configured key is a
 * notice naming the variable, and the dashboard opens all the same.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileLedger } from '../ledger/file.js';
import { ManualClock } from '../util/clock.js';
import { resolveSettings } from './config.js';
import { prepare } from './dashboard.js';
import { openVenueStack } from './venueStack.js';

const home = mkdtempSync(join(tmpdir(), 'oddsboard-venue-stack-'));
const base = { HOME: home, XDG_CONFIG_HOME: join(home, 'cfg'), XDG_STATE_HOME: join(home, 'st') };
const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' });
const KEY = typeof pem === 'string' ? pem : pem.toString();

async function open(env: Record<string, string>, clock = new ManualClock(0)) {
  const all = { ...base, ...env };
  const settings = resolveSettings({ sources: ['kalshi'], baseUrl: 'http://127.0.0.1:9/trade-api/v2' }, all);
  return openVenueStack(settings, 'kalshi', all, clock, false);
}

describe('the venue stack and the person’s positions', () => {
  it('a sort the venue cannot do names the fix: the flag or the config file may have set it', async () => {
    const all = { ...base };
    const settings = resolveSettings(
      { sources: ['kalshi'], baseUrl: 'http://127.0.0.1:9/trade-api/v2', sort: 'closing' },
      all,
    );
    // it said "Kalshi sorts nothing server-side (its list comes in its own order)", no word of where it came from
    await expect(openVenueStack(settings, 'kalshi', all, new ManualClock(0), false)).rejects.toThrow(
      'Kalshi sorts nothing server-side (its list comes in its own order); ' +
        'leave out --sort (or "sort" in the config file)',
    );
  });

  it('a Kalshi key: a reader named by the key id; the key in no byte of the store', async () => {
    const stack = await open({ KALSHI_API_KEY_ID: 'stack-key-id', KALSHI_PRIVATE_KEY: KEY });
    expect(stack.positions?.identity).toBe('stack-key-id');
    stack.sync.start();
    const text = JSON.stringify(stack.store.getState());
    expect(text).toContain('stack-key-id');
    for (const line of KEY.split('\n').filter((l) => l.length > 20 && !l.startsWith('-----')))
      expect(text).not.toContain(line.slice(0, 24));
    await stack.sync.stop();
    await Promise.all([stack.source.close(), stack.positions?.close()]);
  });

  it('no identity: no reader; a half-configured key: a notice naming the variable, never the key', async () => {
    const none = await open({});
    expect(none.positions).toBeUndefined();
    await none.source.close();
    const half = await open({ KALSHI_PRIVATE_KEY: KEY });
    expect(half.positions).toBeUndefined();
    const notices = half.store.getState().notices.map((n) => n.text);
    expect(notices.join('\n')).toMatch(/Kalshi: positions not read: .*KALSHI_API_KEY_ID/);
    expect(notices.join('\n')).not.toContain(KEY.split('\n')[1]!.slice(0, 24));
    await half.source.close();
  });

  it('a wallet that is not one: a notice naming the variable, never the value; no reader, venue opens', async () => {
    const env = { ...base, ODDSBOARD_POLYMARKET_WALLET: '0xnotawallet' };
    const p = prepare(['--source', 'polymarket', '--base-url', 'http://127.0.0.1:9'], env);
    if (p.kind !== 'run') throw new Error('not run');
    const stack = await openVenueStack(p.settings, 'polymarket', env, new ManualClock(0), false);
    expect(stack.positions).toBeUndefined();
    const notices = stack.store.getState().notices.map((n) => [n.level, n.text]);
    expect(notices).toEqual([
      [
        'warn',
        'Polymarket: positions not read: ODDSBOARD_POLYMARKET_WALLET: a Polymarket wallet is 0x followed by 40 hex ' +
          'digits (your profile address)',
      ],
    ]);
    await stack.source.close();
  });

  it('a wallet or username that is not one, for a venue not on the board: a notice that it is ignored', async () => {
    const env = { ...base, ODDSBOARD_MANIFOLD_USER: 'not a name' };
    const argv = [
      '--source',
      'kalshi',
      '--base-url',
      'http://127.0.0.1:9/trade-api/v2',
      '--polymarket-wallet',
      '0xbad',
    ];
    const p = prepare(argv, env);
    if (p.kind !== 'run') throw new Error('not run');
    const stack = await openVenueStack(p.settings, 'kalshi', env, new ManualClock(0), false);
    // before, nothing was said: the user never learnt why their Polymarket positions were not shown
    expect(stack.store.getState().notices.map((n) => [n.level, n.text])).toEqual([
      [
        'warn',
        '--polymarket-wallet: a Polymarket wallet is 0x followed by 40 hex digits (your profile address); ignored: ' +
          'Polymarket is not among --source kalshi',
      ],
      [
        'warn',
        'ODDSBOARD_MANIFOLD_USER: a Manifold username is letters, digits and _ (the name in your profile URL); ' +
          'ignored: Manifold is not among --source kalshi',
      ],
    ]);
    await stack.source.close();
  });
});

describe('the venue stack and its rate ledger', () => {
  it('a ledger that cannot be created in the state directory is told; the venue counts its own requests', async () => {
    const state = mkdtempSync(join(tmpdir(), 'oddsboard-venue-ledger-'));
    const first = await open({ XDG_STATE_HOME: state });
    const path = (first.source.ledger as FileLedger).path;
    await first.source.close();
    // the state directory exists, but the ledger cannot be made in it (here: a directory has its name)
    const other = mkdtempSync(join(tmpdir(), 'oddsboard-venue-ledger-'));
    mkdirSync(join(other, 'oddsboard', path.slice(path.lastIndexOf('/') + 1)), { recursive: true });
    const stack = await open({ XDG_STATE_HOME: other });
    expect(stack.source.ledgerProblem).toMatch(/rate ledger .* cannot be created or written \(EISDIR\)/);
    await stack.source.close();
  });

  it('sends from 2100 in the ledger: the venue goes on, and a notice says they were ignored', async () => {
    const state = mkdtempSync(join(tmpdir(), 'oddsboard-venue-ledger-'));
    const clock = new ManualClock(1_700_000_000_000);
    const stack = await open({ XDG_STATE_HOME: state }, clock);
    const path = (stack.source.ledger as FileLedger).path;
    writeFileSync(path, Array.from({ length: 60 }, () => 's 4102444800000 4243.c\n').join(''));
    stack.sync.start();
    const notices = () => stack.store.getState().notices.map((n) => n.text);
    expect(notices()).toEqual([
      'Kalshi: ' + 'the rate ledger held entries stamped in the future (a clock set back?); ' + 'they were ignored',
    ]);
    expect(stack.store.getState().rate.othersInWindow).toBe(0);
    expect(readFileSync(path, 'utf8')).toMatch(new RegExp(`^s ${clock.now()} \\S+\\n$`)); // the 60 left out
    clock.advance(3_000);
    expect(notices()).toHaveLength(1);
    await stack.sync.stop();
    await stack.source.close();
  });
});
