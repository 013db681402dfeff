/**
 * The one-shot commands against the reference service over loopback HTTP, as a script uses them (commands.test.ts,
 * commands.budget.test.ts): one service per file, `run` with its URL and key, the --json output checked against
 * docs/schema.json by ajv in strict mode.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv2020, type AnySchemaObject } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { afterAll, beforeAll, expect } from 'vitest';
import { main } from '../../src/cli/main.js';
import { startServer, type RunningServer } from '../../src/server/listen.js';
import { ManualClock } from '../../src/util/clock.js';
import { cliIo } from './cliIo.js';

export const root = resolve(import.meta.dirname, '../..');
export const schema = JSON.parse(readFileSync(join(root, 'docs/schema.json'), 'utf8')) as AnySchemaObject;
// ajv in strict mode: a keyword it does not know, or one on a value of the wrong type, fails the compile
const ajv = new Ajv2020({ strict: true, allErrors: true });
formats.default(ajv, ['date-time']);
const whole = ajv.compile(schema);

/** The problems ajv finds in `doc` against the whole schema, or one of its `$defs` (empty: valid). */
export function validate(doc: unknown, def?: string): string[] {
  const check = def ? ajv.getSchema(`${schema.$id}#/$defs/${def}`)! : whole;
  return check(doc) ? [] : (check.errors ?? []).map((e) => `${e.instancePath || '$'} ${e.message ?? e.keyword}`);
}

export function valid(doc: unknown, def?: string): void {
  expect(validate(doc, def)).toEqual([]);
}

export const KEY = 'sk_test_0123456789abcdef';

/**
 * The reference service for the file's tests (started before them, closed after), and the CLI run against it. Its
 * clock stands still (at the time the file starts): the demo's world moves with its clock — volumes, and with them
 * the order `--all` pages through by offset (on the real clock it once got 239 of 241 markets, two having crossed a
 * page boundary between requests) — so a test reads from `srv.sim` what the service answers, however long it takes.
 */
export function oneShotService(opts: { start?: number; afterAnswer?: (clock: ManualClock) => void } = {}) {
  const clock = new ManualClock(opts.start ?? Date.now());
  const kit = {
    srv: undefined as unknown as RunningServer,
    /** The service's clock: a test moves the demo's world by advancing it (`afterAnswer`: after each answer sent). */
    clock,
    /** The CLI's I/O against the service: its URL and key in the environment. */
    io: (opts: Parameters<typeof cliIo>[0] = {}) =>
      cliIo({ ...opts, env: { ODDSBOARD_BASE_URL: kit.srv.url, ODDSBOARD_API_KEY: KEY, ...opts.env } }),
    async run(argv: string[], opts: Parameters<typeof cliIo>[0] = {}) {
      const c = kit.io(opts);
      const code = await main(argv, c.io);
      return { code, out: c.out(), err: c.err(), stateHome: c.stateHome };
    },
    /** A first run's state directory and the rate ledger it wrote there (for a test to fill: othersSends). */
    async ledger(): Promise<{ stateHome: string; file: string }> {
      const { stateHome } = await kit.run(['markets', '--limit', '1']);
      return { stateHome, file: ledgersUnder(stateHome)[0]! };
    },
    visible: (status: string) => kit.srv.sim.markets().find((m) => m.status === status && kit.srv.sim.isVisible(m))!,
  };
  beforeAll(async () => {
    const onAnswer = opts.afterAnswer && (() => opts.afterAnswer!(clock));
    kit.srv = await startServer({
      seed: 3,
      keys: [KEY],
      limits: { key: 1000 },
      clock,
      ...(onAnswer ? { onAnswer } : {}),
    });
  });
  afterAll(() => kit.srv.close());
  return kit;
}

/** The rate ledgers (one a venue and key) under a state directory, as the runs there wrote them. */
export function ledgersUnder(stateHome: string): string[] {
  const dir = join(stateHome, 'oddsboard');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ledger'))
    .map((f) => join(dir, f));
}

/** A ledger's lines for `n` sends of another process, 1 ms apart from `from` (the budget's share spent). */
export function othersSends(n: number, from: number, id = '999999.other'): string {
  return Array.from({ length: n }, (_, i) => `s ${from + i} ${id}\n`).join('');
}
