import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPlatformRecord } from './recordPlatform.js';
import { textSink } from '../../test/support/textSink.js';

const PLAN = { pages: 1, limit: 10, status: 'all', details: 0, events: 0, eventDetails: 0 };

describe("a platform recording's failure", () => {
  it('is worded by what failed, not as a write when nothing was written', async () => {
    // a base URL the client refuses ended 'cannot write into DIR: INVALID_BASE_URL'
    const dir = join(mkdtempSync(join(tmpdir(), 'oddsboard-record-platform-')), 'rec');
    const out = textSink();
    const err = textSink();
    const io = { stdout: out.stream, stderr: err.stream, env: {} };
    expect(await runPlatformRecord('kalshi', 'http://example.com', dir, PLAN, io)).toBe(2);
    const last = err.text().trim().split('\n').at(-1);
    expect(last).toMatch(/^oddsboard record: .*https/);
    expect(last).not.toMatch(/cannot write|INVALID_BASE_URL/);
    expect(out.text()).toBe('');
  });

  it('a file that could not be written is still said as a write into DIR', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-record-platform-'));
    mkdirSync(join(dir, 'manifest.json'));
    const err = textSink();
    const io = { stdout: textSink().stream, stderr: err.stream, env: {} };
    expect(await runPlatformRecord('kalshi', 'http://127.0.0.1:1', dir, PLAN, io)).toBe(1);
    expect(err.text().trim().split('\n').at(-1)).toBe(`oddsboard record: cannot write into ${dir}: EISDIR`);
  });
});
