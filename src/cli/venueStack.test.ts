/**
 * The dashboard's venue stack with the person's identity (issue #28): a Kalshi key from the environment gives the
 * venue a positions reader (read through its sync), the store names the key's id only — the private key is in no
 * byte of the store's state or its notices; a venue without an identity has no reader; a half-configured key is a
 * notice naming the variable, and the dashboard opens all the same.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../util/clock.js';
import { resolveSettings } from './config.js';
import { openVenueStack } from './venueStack.js';

const home = mkdtempSync(join(tmpdir(), 'oddsboard-venue-stack-'));
const base = { HOME: home, XDG_CONFIG_HOME: join(home, 'cfg'), XDG_STATE_HOME: join(home, 'st') };
const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' });
const KEY = typeof pem === 'string' ? pem : pem.toString();

async function open(env: Record<string, string>) {
  const all = { ...base, ...env };
  const settings = resolveSettings({ sources: ['kalshi'], baseUrl: 'http://127.0.0.1:9/trade-api/v2' }, all);
  return openVenueStack(settings, 'kalshi', all, new ManualClock(0), false);
}

describe('the venue stack and the person’s positions', () => {
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
});
