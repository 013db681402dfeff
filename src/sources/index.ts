/**
 * The registry: a source id → its definition, loaded lazily so a one-shot command loads only the source it asks
 * for (`--version` and `market ID --json` stay light; src/cli/startup.test.ts checks the module list).
 */
import { SOURCE_IDS, type PlatformDef, type SourceDef, type SourceId } from './types.js';

export { SOURCE_IDS, type SourceId };

export function isSourceId(v: unknown): v is SourceId {
  return typeof v === 'string' && (SOURCE_IDS as readonly string[]).includes(v);
}

export async function loadSource(id: SourceId): Promise<SourceDef> {
  if (id === 'public') return (await import('./public/index.js')).publicSource;
  return loadPlatform(id);
}

export async function loadPlatform(id: Exclude<SourceId, 'public'>): Promise<PlatformDef> {
  switch (id) {
    case 'manifold':
      return (await import('./manifold/index.js')).manifoldSource;
    case 'kalshi':
      return (await import('./kalshi/index.js')).kalshiSource;
    case 'polymarket':
      return (await import('./polymarket/index.js')).polymarketSource;
  }
}
