/** The config tests' kit: a config file written to a fresh directory, the environment of no file, a UsageError's one line. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { UsageError } from '../../src/cli/errors.js';

export function configFile(content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'oddsboard-config-'));
  const path = join(dir, 'config.json');
  writeFileSync(path, content);
  return path;
}

export const noFile = { ODDSBOARD_CONFIG: '/nonexistent/oddsboard/config.json' };

export function usageMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    const message = (e as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error('expected a UsageError');
}
