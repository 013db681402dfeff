import { describe, expect, it } from 'vitest';
import { cpuBound } from './cpuBound.js';

/** Spends `ms` of this process's CPU time in slices, yielding to timers between them. */
async function burn(ms: number): Promise<void> {
  const start = process.cpuUsage();
  const spent = () => {
    const u = process.cpuUsage(start);
    return (u.user + u.system) / 1000;
  };
  while (spent() < ms) {
    const slice = spent() + 5;
    while (spent() < slice) Math.sqrt(Math.random());
    await new Promise((r) => setImmediate(r));
  }
}

describe('cpuBound: a deadline in CPU time', () => {
  it('stops a body that keeps computing past its CPU time', async () => {
    await expect(cpuBound(100, () => burn(600))()).rejects.toThrow(/spent more than 0\.1 s of CPU time/);
  });

  it('judges a synchronous body when it is done', async () => {
    const spin = () => {
      const start = process.cpuUsage();
      while (process.cpuUsage(start).user < 150_000) Math.sqrt(Math.random());
    };
    await expect(cpuBound(50, spin)()).rejects.toThrow(/spent more than 0\.05 s/);
  });

  it('passes a body within its CPU time, with its own failure passed on as it is', async () => {
    await expect(cpuBound(5_000, () => burn(20))()).resolves.toBeUndefined();
    await expect(
      cpuBound(5_000, () => {
        throw new Error('its own');
      })(),
    ).rejects.toThrow('its own');
  });
});
