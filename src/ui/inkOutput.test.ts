import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { styledCharsFromTokens, styledCharsToString, tokenize } from '@alcalzone/ansi-tokenize';
import Output, { FrameCache, outputCacheSize, type Clip } from './inkOutput.js';
import { displayWidth } from './format.js';
import { cpuBound, WALL_BACKSTOP_MS } from '../../test/support/cpuBound.js';

/** Ink's own Output, the reference (not in Ink's exports: loaded by path). */
const { default: InkOutput } = (await import(
  new URL('../../node_modules/ink/build/output.js', import.meta.url).href
)) as { default: new (o: { width: number; height: number }) => OutputLike };

type Transformer = (line: string, index: number) => string;

interface OutputLike {
  write(x: number, y: number, text: string, options: { transformers: Transformer[] }): void;
  clip(clip: Clip): void;
  unclip(): void;
  get(): { output: string; height: number };
}

type Op =
  | { type: 'write'; x: number; y: number; text: string; transformers: number[] }
  | { type: 'clip'; clip: Clip }
  | { type: 'unclip' };

/** Transformers like Ink's Text colours (and one that depends on the line index). */
const TRANSFORMERS: Transformer[] = [
  (l) => `\x1b[32m${l}\x1b[39m`,
  (l) => `\x1b[1m${l}\x1b[22m`,
  (l) => `\x1b[2m${l}\x1b[22m`,
  (l) => `\x1b[44m${l}\x1b[49m`,
  (l, i) => (i % 2 === 0 ? `\x1b[7m${l}\x1b[27m` : l),
];

/**
 * One of Ink's rows cut to the output's cells (Ink's grid grows past them; ours does not: a row wider than the
 * terminal would wrap there): each character takes its cells, a wide one the edge cuts becomes a styled space.
 * Undefined when the row fits.
 */
function cutRow(row: string, width: number): string | undefined {
  const cells = width > 0 ? Math.ceil(width) : 0;
  const chars = styledCharsFromTokens(tokenize(row));
  if (chars.reduce((n, ch) => n + Math.max(1, displayWidth(ch.value)), 0) <= cells) return undefined;
  const out = [];
  let col = 0;
  for (const ch of chars) {
    const w = Math.max(1, displayWidth(ch.value));
    if (col + w > cells) {
      if (col < cells) out.push({ ...ch, value: ' ', fullWidth: false });
      break;
    }
    out.push(ch);
    col += w;
  }
  return styledCharsToString(out).trimEnd();
}

/** The same cells and styles, whatever words the styles were written in. */
const canon = (row: string) => styledCharsToString(styledCharsFromTokens(tokenize(row)));

/** Our frame is Ink's: each row Ink's own where it fits the width, else Ink's cut to it. */
function expectInksFrame(ours: string, width: number, height: number, ops: readonly Op[]): void {
  const ink = replay(new InkOutput({ width, height }), ops).split('\n');
  const rows = ours.split('\n');
  expect(rows).toHaveLength(ink.length);
  ink.forEach((row, i) => {
    const cut = cutRow(row, width);
    if (cut === undefined) expect(rows[i]).toBe(row);
    else expect(canon(rows[i]!)).toBe(canon(cut));
  });
}

function replay(output: OutputLike, ops: readonly Op[]): string {
  for (const op of ops) {
    if (op.type === 'write')
      output.write(op.x, op.y, op.text, { transformers: op.transformers.map((i) => TRANSFORMERS[i]!) });
    else if (op.type === 'clip') output.clip(op.clip);
    else output.unclip();
  }
  return output.get().output;
}

const PIECES = [
  'Will it rain',
  ' ',
  '37.0¢',
  '▲1.2¢',
  '│',
  '選挙',
  '👨‍👩‍👧',
  'é',
  'e\u0301',
  '\u200b',
  '\u00ad',
  '…',
  '\n',
  '\x1b[31m',
  '\x1b[39m',
  '\x1b[1m',
  '\x1b[22m',
  '\x1b[7m',
  '\x1b[0m',
  '\x1b[38;5;208m',
  '\x1b[48;2;10;20;30m',
  'ACTIVE',
  '  ',
];

const text = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 12 }).map((p) => p.join(''));
const bound = (lo: number, hi: number) => fc.option(fc.integer({ min: lo, max: hi }), { nil: undefined });

function opsFor(width: number, height: number): fc.Arbitrary<Op[]> {
  const write = fc.record({
    type: fc.constant('write' as const),
    x: fc.integer({ min: -3, max: width + 2 }),
    y: fc.integer({ min: -2, max: height + 1 }),
    text,
    transformers: fc.array(fc.integer({ min: 0, max: TRANSFORMERS.length - 1 }), { maxLength: 2 }),
  });
  const clip = fc.record({
    type: fc.constant('clip' as const),
    clip: fc.record({
      x1: bound(-1, width),
      x2: bound(0, width + 1),
      y1: bound(-1, height),
      y2: bound(0, height + 1),
    }),
  });
  const unclip = fc.constant({ type: 'unclip' as const });
  return fc.array(
    fc.oneof({ arbitrary: write, weight: 6 }, { arbitrary: clip, weight: 1 }, { arbitrary: unclip, weight: 1 }),
    {
      maxLength: 25,
    },
  );
}

const size = fc.record({ width: fc.integer({ min: 0, max: 30 }), height: fc.integer({ min: 0, max: 8 }) });

describe("inkOutput: Ink's frame buffer that remembers across frames", () => {
  // 3 s of CPU on this machine: a deadline in CPU time, not wall time (the suite under load gave it 21 s of wall time)
  it(
    "gives Ink's answer for any writes, clips, styles, wide and invisible characters, again from its caches",
    cpuBound(60_000, () => {
      fc.assert(
        fc.property(
          size.chain((s) => fc.tuple(fc.constant(s), opsFor(s.width, s.height))),
          ([{ width, height }, ops]) => {
            expectInksFrame(replay(new Output({ width, height }), ops), width, height, ops);
            // the next frame with the same operations: rows and texts come from the caches
            expectInksFrame(replay(new Output({ width, height }), ops), width, height, ops);
          },
        ),
        { numRuns: 1500 },
      );
    }),
    WALL_BACKSTOP_MS,
  );

  it('draws a dashboard-like frame, then the next frame with one row changed, as Ink does', () => {
    const width = 80;
    const height = 6;
    const row = (i: number, price: string): Op[] => [
      { type: 'write', x: 0, y: i, text: i === 2 ? '▸ ' : '  ', transformers: [0, 1] },
      { type: 'write', x: 2, y: i, text: 'ACTIVE   ', transformers: [2] },
      { type: 'write', x: 11, y: i, text: `Will market ${i} resolve yes by June?`, transformers: [] },
      { type: 'write', x: 60, y: i, text: price, transformers: i % 2 ? [0] : [3] },
    ];
    const frame = (price: string): Op[] => [
      { type: 'write', x: 0, y: 0, text: 'oddsboard  12:00:01', transformers: [1] },
      { type: 'clip', clip: { x1: 0, x2: width, y1: 1, y2: height } },
      ...[1, 2, 3, 4, 5, 6].flatMap((i) => row(i, i === 3 ? price : '50.0¢')),
      { type: 'unclip' },
    ];
    for (const price of ['37.0¢', '37.5¢', '37.0¢', '選挙 38¢']) {
      expectInksFrame(replay(new Output({ width, height }), frame(price)), width, height, frame(price));
    }
  });

  it('sizes rows as Ink does for a width that is not a whole number, zero or negative, cut to it', () => {
    for (const [width, row] of [
      [10.5, 'abcdefghijk'],
      [0, ''],
      [-3, ''],
      [Number.NaN, ''],
      [20, 'abcdefghijklmnop'],
    ] as const) {
      const ops: Op[] = [{ type: 'write', x: 0, y: 0, text: 'abcdefghijklmnop', transformers: [] }];
      expect(replay(new Output({ width, height: 2 }), ops), String(width)).toBe(`${row}\n`);
    }
  });

  it('never draws a row wider than the output: a wider text is cut, a wide character at the edge is a space', () => {
    // what Ink draws for one frame after the terminal narrows: the tree laid out for the old width
    const ops: Op[] = [
      { type: 'write', x: 0, y: 0, text: `${'x'.repeat(98)}│ab`, transformers: [2] },
      { type: 'write', x: 0, y: 1, text: `${'y'.repeat(98)}選挙`, transformers: [] },
    ];
    const [a, b] = replay(new Output({ width: 99, height: 2 }), ops).split('\n');
    expect(displayWidth(a!)).toBe(99);
    expect(a).toBe(`\x1b[2m${'x'.repeat(98)}│\x1b[22m`);
    // 選 would take columns 98 and 99: cut by the edge, its first cell is a space
    expect(b).toBe('y'.repeat(98));
    expect(
      replay(new InkOutput({ width: 99, height: 2 }), ops)
        .split('\n')
        .map(displayWidth),
    ).toEqual([101, 102]);
  });

  it('holds what the last two frames drew, over thousands of different frames', () => {
    // without the generations (no endFrame at the end of each frame) 2,000 frames leave 9,952 entries
    for (let i = 0; i < 2_000; i++) {
      const out = new Output({ width: 40, height: 2 });
      out.write(0, 0, `frame ${i} ¢`, { transformers: [] });
      out.write(0, 1, `\x1b[1m${i}\x1b[22m`, { transformers: [] });
      out.get();
    }
    // per frame: 2 texts split into lines, their 2 lines cut into characters (the raw texts' own cuts are not
    // kept once their lines are), 2 rows; twice that
    expect(outputCacheSize()).toBeLessThanOrEqual(2 * 6);
    // a frame far larger than a screen still leaves the caches capped
    const huge = new Output({ width: 10, height: 20_000 });
    for (let y = 0; y < 20_000; y++) huge.write(0, y, `line ${y}`, { transformers: [] });
    huge.get();
    expect(outputCacheSize()).toBeLessThanOrEqual(2 * (8192 + 1024 + 4096));
  });
});

describe('FrameCache', () => {
  it('keeps what the last frame used, forgets what two frames did not use', () => {
    const c = new FrameCache<number>(100);
    c.set('a', 1);
    c.set('b', 2);
    c.endFrame();
    expect(c.get('a')).toBe(1); // used again: kept for the next frame
    c.endFrame();
    expect(c.get('a')).toBe(1);
    expect(c.get('b')).toBeUndefined(); // not used in the last frame
  });

  it('stays within twice its limit when a frame overfills it', () => {
    const c = new FrameCache<number>(3);
    for (const [i, k] of ['a', 'b', 'c', 'd', 'e', 'f', 'g'].entries()) c.set(k, i);
    expect(c.size).toBeLessThanOrEqual(6);
    expect(c.get('g')).toBe(6);
    expect(c.get('a')).toBeUndefined();
  });
});
