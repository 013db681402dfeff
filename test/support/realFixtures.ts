/** The real payloads under test/fixtures/real/<service>/ (see SOURCES.md there), read as the replay server reads them. */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isRecord, type Rec } from '../../src/api/normalizeFields.js';
import { loadRecording } from '../../src/server/replay/load.js';

export const SERVICES = ['kalshi', 'polymarket', 'manifold'] as const;
export type Service = (typeof SERVICES)[number];

export function realDir(service: Service): string {
  return fileURLToPath(new URL(`../fixtures/real/${service}`, import.meta.url));
}

export function realFiles(service: Service): string[] {
  return readdirSync(realDir(service)).filter((f) => f.endsWith('.json')).sort();
}

/** One file, parsed as recorded. */
export function realFile(service: Service, name: string): unknown {
  return JSON.parse(readFileSync(`${realDir(service)}/${name}`, 'utf8'));
}

export interface RealObject {
  service: Service;
  file: string;
  kind: 'market' | 'event';
  object: Rec;
}

/** Every market and event object of every file (markets nested in events included). */
export function realObjects(services: readonly Service[] = SERVICES): RealObject[] {
  const out: RealObject[] = [];
  for (const service of services) {
    for (const it of loadRecording(realDir(service))) {
      const file = it.file.slice(it.file.lastIndexOf('/') + 1);
      out.push({ service, file, kind: it.kind, object: it.object });
      if (it.kind === 'event' && Array.isArray(it.object.markets)) {
        for (const m of it.object.markets) if (isRecord(m)) out.push({ service, file, kind: 'market', object: m });
      }
    }
  }
  return out;
}

/** The first market object whose `field` is `value`, in a file whose name contains `file` when given. */
export function realMarket(service: Service, field: string, value: unknown, file = ''): Rec {
  const hit = realObjects([service]).find((o) => o.kind === 'market' && o.file.includes(file) && o.object[field] === value);
  if (!hit) throw new Error(`no ${service} market with ${field} = ${String(value)}${file ? ` in *${file}*` : ''}`);
  return hit.object;
}

/** The first event object whose `field` is `value`. */
export function realEvent(service: Service, field: string, value: unknown): Rec {
  const hit = realObjects([service]).find((o) => o.kind === 'event' && o.object[field] === value);
  if (!hit) throw new Error(`no ${service} event with ${field} = ${String(value)}`);
  return hit.object;
}
