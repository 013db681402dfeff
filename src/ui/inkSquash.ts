/**
 * Ink's squashTextNodes (ink/build/squash-text-nodes.js), remembered per node: a Text's children — its strings and its
 * nested Texts, each coloured by its own transform — squashed into one styled string, then cleaned of escape codes
 * (sanitize-ansi.js, which tokenizes every string that holds one). Ink does it for every Text on every frame; a line of
 * several styles is one Text with nested ones (src/ui/components/Line.tsx), the same from frame to frame while its
 * content is unchanged.
 *
 * `memoSquash(squash)` answers as `squash` does, from a record of what the answer depends on: for the node and every
 * Text nested under it, its children in order, each string child's text, each element child's `isHidden` and
 * `internal_transform` (a new function whenever its Text renders again with new props). While the record matches, the
 * last answer is handed back without squashing. Installed by the module hook (src/cli/inkHooks.ts) for the Ink versions
 * its test compares it with (inkSquash.test.ts).
 */

/** What squashTextNodes reads of Ink's DOM nodes (ink/build/dom.js). */
export interface SquashNode {
  nodeName: string;
  nodeValue?: string;
  isHidden?: boolean;
  internal_transform?: unknown;
  childNodes?: readonly SquashNode[];
}

const nested = (n: SquashNode) => n.nodeName === 'ink-text' || n.nodeName === 'ink-virtual-text';

/** Appends what `node`'s squash depends on to `out`. */
function record(node: SquashNode, out: unknown[]): void {
  const kids = node.childNodes ?? [];
  out.push(kids.length);
  for (const c of kids) {
    out.push(c);
    if (c.nodeName === '#text') {
      out.push(c.nodeValue);
      continue;
    }
    out.push(c.isHidden, c.internal_transform);
    if (nested(c)) record(c, out);
  }
}

/** Whether `node` still matches the record from `i` on: the index past its part, or −1. */
function matches(node: SquashNode, rec: readonly unknown[], i: number): number {
  const kids = node.childNodes ?? [];
  if (rec[i++] !== kids.length) return -1;
  for (const c of kids) {
    if (rec[i++] !== c) return -1;
    if (c.nodeName === '#text') {
      if (rec[i++] !== c.nodeValue) return -1;
      continue;
    }
    if (rec[i++] !== c.isHidden || rec[i++] !== c.internal_transform) return -1;
    if (nested(c)) {
      i = matches(c, rec, i);
      if (i < 0) return -1;
    }
  }
  return i;
}

export function memoSquash<N extends SquashNode>(squash: (node: N) => string): (node: N) => string {
  const last = new WeakMap<N, { rec: unknown[]; text: string }>();
  return (node) => {
    const hit = last.get(node);
    if (hit && matches(node, hit.rec, 0) === hit.rec.length) return hit.text;
    const text = squash(node);
    const rec: unknown[] = [];
    record(node, rec);
    last.set(node, { rec, text });
    return text;
  };
}
