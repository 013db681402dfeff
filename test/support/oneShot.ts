/**
 * The one-shot commands against the reference service over loopback HTTP, as a script uses them (commands.test.ts,
 * commands.budget.test.ts): one service per file, `run` with its URL and key, the --json output checked against
 * docs/schema.json by ajv in strict mode.
 */
import { readFileSync } from 'node:fs';
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
    async run(argv: string[], opts: Parameters<typeof cliIo>[0] = {}) {
      const c = cliIo({ ...opts, env: { ODDSBOARD_BASE_URL: kit.srv.url, ODDSBOARD_API_KEY: KEY, ...opts.env } });
      const code = await main(argv, c.io);
      return { code, out: c.out(), err: c.err(), stateHome: c.stateHome };
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
