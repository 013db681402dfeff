/** The real payloads under test/fixtures/real/<service>/ (see SOURCES.md there), read as the replay server reads them. */
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRecord, type Rec } from '../../src/api/normalizeFields.js';
import { loadRecording } from '../../src/server/replay/load.js';

export const SERVICES = ['kalshi', 'polymarket', 'manifold'] as const;
export type Service = (typeof SERVICES)[number];

export function realDir(service: Service): string {
  return fileURLToPath(new URL(`../fixtures/real/${service}`, import.meta.url));
}

export function realFiles(service: Service): string[] {
  return readdirSync(realDir(service))
    .filter((f) => f.endsWith('.json'))
    .sort();
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
  const hit = realObjects([service]).find(
    (o) => o.kind === 'market' && o.file.includes(file) && o.object[field] === value,
  );
  if (!hit) throw new Error(`no ${service} market with ${field} = ${String(value)}${file ? ` in *${file}*` : ''}`);
  return hit.object;
}

/** The first event object whose `field` is `value`. */
export function realEvent(service: Service, field: string, value: unknown): Rec {
  const hit = realObjects([service]).find((o) => o.kind === 'event' && o.object[field] === value);
  if (!hit) throw new Error(`no ${service} event with ${field} = ${String(value)}`);
  return hit.object;
}

/**
 * Manifold's multiple-choice market TEW8dlA3pxk3GalxeQkI as GET /v0/market answered while it was open
 * (PyManifold's cassette, SOURCES.md), and when: the answer's Date header.
 */
export const MANIFOLD_OPEN_MC = {
  file: 'v0-market-TEW8dlA3pxk3GalxeQkI-multiple-choice-dpm-legacy-answers-2022.json',
  id: 'TEW8dlA3pxk3GalxeQkI',
  recordedAt: '2022-10-11T22:30:18Z',
} as const;

/**
 * A recording directory (a new temp dir) holding only that open snapshot — not the later resolve
 * answer — and a manifest.json saying when it was recorded, as `oddsboard record` writes one.
 */
export function openManifoldRecording(): string {
  const dir = mkdtempSync(join(tmpdir(), 'oddsboard-as-recorded-'));
  copyFileSync(join(realDir('manifold'), MANIFOLD_OPEN_MC.file), join(dir, MANIFOLD_OPEN_MC.file));
  const manifest = {
    recordedAt: MANIFOLD_OPEN_MC.recordedAt,
    baseUrl: 'https://manifold.markets/api/v0',
    source: 'bcongdon/PyManifold tests/fixtures/cassettes/test_resolve_market_multiple_choice, interaction 1',
  };
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  return dir;
}
