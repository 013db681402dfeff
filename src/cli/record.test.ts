import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/listen.js';
import { startReplayServer, type RunningReplay } from '../server/replay/index.js';
import { ManualClock } from '../util/clock.js';
import { runRecord } from './record.js';

function sink() {
  let buf = '';
  const stream = new Writable({
    write(chunk, _enc, cb) {
      buf += String(chunk);
      cb();
    },
  });
  return { stream, text: () => buf };
}

const KEY = 'record-secret-key-0042';
const servers: (RunningServer | RunningReplay)[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** The `data` of the envelope at `url`, typed as the test expects it. */
async function getData<T = unknown>(url: string): Promise<T> {
  const res = await fetch(url);
  return ((await res.json()) as { data: T }).data;
}

describe('oddsboard record', () => {
  it(
    'records the reference service over loopback without the key, ' + 'and serve --replay answers the same objects',
    async () => {
      const clock = new ManualClock();
      const source = await startServer({ keys: [KEY], clock, limits: { anonymous: 1000, key: 1000 } });
      servers.push(source);
      const dir = join(mkdtempSync(join(tmpdir(), 'oddsboard-record-')), 'rec');
      const out = sink();
      const err = sink();
      const code = await runRecord(
        [
          '--base-url',
          source.url,
          '--pages',
          '2',
          '--limit',
          '5',
          '--details',
          '3',
          '--events',
          '4',
          '--event-details',
          '2',
          dir,
        ],
        {
          stdout: out.stream,
          stderr: err.stream,
          env: { ODDSBOARD_API_KEY: KEY, XDG_CONFIG_HOME: dir },
          clock,
        },
      );
      expect(code).toBe(0);
      expect(out.text()).toMatch(
        /^\d+ answers saved in .*\(\d+ requests, 0 failed\)\nreplay them with: oddsboard serve --replay /,
      );
      expect(err.text()).toContain('with key …0042');
      const files = [...readdirSync(dir), ...readdirSync(join(dir, 'markets')).map((f) => `markets/${f}`)];
      expect(files).toEqual(
        expect.arrayContaining(['manifest.json', 'markets-0001.json', 'markets-0002.json', 'events-0001.json']),
      );
      expect(files.filter((f) => f.startsWith('markets/'))).toHaveLength(3);
      for (const f of files.filter((x) => x.endsWith('.json')))
        expect(readFileSync(join(dir, f), 'utf8')).not.toContain(KEY);
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({ baseUrl: source.url, authenticated: true, plan: { pages: 2, limit: 5 } });

      const page1 = JSON.parse(readFileSync(join(dir, 'markets-0001.json'), 'utf8')) as { id: string }[];
      const replay = await startReplayServer({ dir, clock });
      servers.push(replay);
      const id = page1[0]!.id;
      expect(await getData(`${replay.url}/public/v1/markets/${id}`)).toEqual(
        JSON.parse(readFileSync(join(dir, 'markets', `${id}.json`), 'utf8')),
      );
      const listed = await getData<{ id: string }[]>(`${replay.url}/public/v1/markets?status=all&limit=100`);
      expect(listed.map((m) => m.id)).toEqual(expect.arrayContaining(page1.map((m) => m.id)));
      const events = JSON.parse(readFileSync(join(dir, 'events-0001.json'), 'utf8')) as { id: string }[];
      expect((await getData<{ id: string }>(`${replay.url}/public/v1/events/${events[0]!.id}`)).id).toBe(events[0]!.id);
    },
  );

  it('refuses a key on the command line, a missing directory or service, with exit code 2', async () => {
    for (const argv of [['--api-key', 'x', 'dir'], [], ['dir']]) {
      const err = sink();
      expect(
        await runRecord(argv, {
          stdout: sink().stream,
          stderr: err.stream,
          // a config directory of its own: /tmp/oddsboard/config.json could be anyone's
          env: { XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'oddsboard-record-config-')) },
        }),
      ).toBe(2);
      expect(err.text()).toMatch(/^oddsboard record: [^\n]+\n$/);
      // the help named once: a missing DIR read "(see oddsboard record --help) (see --help)"
      expect(err.text().match(/--help/g)).toHaveLength(1);
    }
  });
});
