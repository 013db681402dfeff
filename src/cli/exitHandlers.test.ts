import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { installExitHandlers } from './exitHandlers.js';

function rig() {
  const proc = new EventEmitter();
  const order: string[] = [];
  const later: (() => void)[] = [];
  const h = installExitHandlers(
    () => order.push('unmount'),
    { write: (t: string) => order.push(`stderr:${t}`) },
    proc as unknown as NodeJS.Process,
    (fn) => later.push(fn),
  );
  return { proc, order, later, h };
}

describe('the dashboard ended by a signal or a crash', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
    ['SIGINT', 130],
  ] as const)('%s unmounts the screen (restoring the terminal) and exits with %i', (signal, code) => {
    const { proc, order, h } = rig();
    expect(h.code()).toBeUndefined();
    proc.emit(signal, signal);
    expect(order).toEqual(['unmount']);
    expect(h.code()).toBe(code);
  });

  it.each(['uncaughtException', 'unhandledRejection'])(
    '%s: unmount first, then one line on the restored screen, exit 1',
    (event) => {
      const { proc, order, later, h } = rig();
      const err = new Error('boom\n    at secret (file.js:1:1)');
      proc.emit(event, err);
      expect(order).toEqual(['unmount']);
      expect(h.code()).toBe(1);
      later.forEach((fn) => fn());
      expect(order).toEqual(['unmount', 'stderr:oddsboard: unexpected failure: boom\n']);
    },
  );

  it('removes every handler it installed', () => {
    const { proc, h } = rig();
    expect(proc.listenerCount('SIGHUP')).toBe(1);
    h.remove();
    for (const e of ['SIGTERM', 'SIGHUP', 'SIGINT', 'uncaughtException', 'unhandledRejection'])
      expect(proc.listenerCount(e)).toBe(0);
  });
});
