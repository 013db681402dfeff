/**
 * Vitest's global setup: every temporary directory of one run lives under one of its own, removed when the run ends.
 *
 * Tests and the programs they start make their directories with `mkdtemp(join(tmpdir(), …))`: state homes, config
 * files, recorded fixtures, pipes' outputs. Each cleaning up after itself is easy to forget (an e2e test that fails
 * half-way never reaches its cleanup), and one `npm test` left 471 of them in /tmp (at 40287c7). `os.tmpdir()` reads
 * TMPDIR, which the workers and every program they spawn inherit, so pointing it at this run's directory catches
 * them all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const root = mkdtempSync(join(tmpdir(), 'oddsboard-tests-'));
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };
}
