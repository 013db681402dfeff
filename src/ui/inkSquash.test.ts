import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoSquash, type SquashNode } from './inkSquash.js';

/** Ink's own squashTextNodes, the reference (not in Ink's exports: loaded by path). */
const { default: inkSquash } = (await import(
  new URL('../../node_modules/ink/build/squash-text-nodes.js', import.meta.url).href
)) as { default: (node: SquashNode) => string };

/** Ink's DOM as squash reads it, mutable the way React mutates it. */
interface Node extends SquashNode {
  nodeValue?: string;
  isHidden?: boolean;
  internal_transform?: (line: string, index: number) => string;
  childNodes?: Node[];
}

/** Transforms like a Text's colours: a new function each time, as a Text gets when it renders again. */
const STYLES = ['\x1b[32m', '\x1b[1m', '\x1b[2m', '\x1b[44m', '\x1b[7m'];
const transform = (k: number) => (line: string) => `${STYLES[k % STYLES.length]}${line}\x1b[0m`;

type Tree = { text: string } | { kind: 'ink-virtual-text' | 'ink-text'; style: number | null; kids: Tree[] };

const tree: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ text: fc.string({ unit: 'grapheme', maxLength: 6 }) }),
    fc.record({
      kind: fc.constantFrom('ink-virtual-text' as const, 'ink-text' as const),
      style: fc.option(fc.nat(4)),
      kids: fc.array(tie('node'), { maxLength: 3 }),
    }),
  ),
})).node;

function build(t: Tree): Node {
  if ('text' in t) return { nodeName: '#text', nodeValue: t.text };
  return {
    nodeName: t.kind,
    isHidden: false,
    ...(t.style !== null ? { internal_transform: transform(t.style) } : {}),
    childNodes: t.kids.map(build),
  };
}

function all(n: Node, out: Node[] = []): Node[] {
  out.push(n);
  for (const c of n.childNodes ?? []) all(c, out);
  return out;
}

type Op = { at: number; kind: 'text' | 'restyle' | 'same-style' | 'hide' | 'remove' | 'add'; n: number; s: string };
const op: fc.Arbitrary<Op> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('text', 'restyle', 'same-style', 'hide', 'remove', 'add'),
  n: fc.nat(4),
  s: fc.string({ maxLength: 4 }),
});

/** One change React could make to Ink's DOM between two frames. */
function apply(root: Node, o: Op): void {
  const nodes = all(root);
  const target = nodes[o.at % nodes.length]!;
  if (target.nodeName === '#text') {
    if (o.kind === 'text') target.nodeValue = o.s;
    return;
  }
  const kids = target.childNodes!;
  if (o.kind === 'restyle') target.internal_transform = transform(o.n);
  else if (o.kind === 'same-style' && target.internal_transform) target.internal_transform = transform(o.n);
  else if (o.kind === 'hide') target.isHidden = !target.isHidden;
  else if (o.kind === 'remove' && kids.length) kids.splice(o.n % kids.length, 1);
  else if (o.kind === 'add') kids.splice(o.n % (kids.length + 1), 0, { nodeName: '#text', nodeValue: o.s });
  else if (o.kind === 'text') kids.push({ nodeName: 'ink-virtual-text', isHidden: false, childNodes: [] });
}

describe("the remembered squash (inkSquash.ts) against Ink's own", () => {
  it('answers as Ink does for every Text, frame after frame, whatever changed in between', () => {
    fc.assert(
      fc.property(
        fc.array(tree, { minLength: 1, maxLength: 3 }),
        fc.array(fc.array(op, { maxLength: 3 }), { maxLength: 8 }),
        (kids, frames) => {
          const root: Node = { nodeName: 'ink-text', isHidden: false, childNodes: kids.map(build) };
          const memo = memoSquash(inkSquash);
          for (const changes of [[], [], ...frames]) {
            for (const o of changes) apply(root, o);
            for (const n of all(root).filter((x) => x.nodeName !== '#text')) expect(memo(n)).toBe(inkSquash(n));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('hands back the last string while nothing under the node changed', () => {
    const text: Node = { nodeName: '#text', nodeValue: 'Yes' };
    const run: Node = {
      nodeName: 'ink-virtual-text',
      isHidden: false,
      internal_transform: transform(0),
      childNodes: [text],
    };
    const row: Node = { nodeName: 'ink-text', isHidden: false, childNodes: [run] };
    let calls = 0;
    const memo = memoSquash((n: Node) => (calls++, inkSquash(n)));
    const first = memo(row);
    expect(memo(row)).toBe(first);
    expect(calls).toBe(1);
    text.nodeValue = 'No';
    expect(memo(row)).toBe(inkSquash(row));
    expect(calls).toBe(2);
  });
});
