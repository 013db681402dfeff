/**
 * `oddsboard positions [--source S] [--json|--ndjson]`: the person's positions on the venue `--source` names, read
 * from its documented routes within the shared rate budget (src/positions/readers.ts), each valued in the venue's
 * currency with its P&L; totals per currency. Whose: `--polymarket-wallet`, `--manifold-user` (or the environment,
 * or the config file); Kalshi's key from the environment only (src/sources/kalshi/auth.ts).
 */
import { openPositionsReader } from '../../positions/open.js';
import type { VenuePositions } from '../../positions/types.js';
import { IDENTITY_FLAGS, SOURCE_FLAGS, type CommandIo } from '../commands.js';
import { resolveSettings, settingsFromFlags } from '../config.js';
import { UsageError } from '../errors.js';
import { version } from '../version.js';
import { jsonPosition, jsonPositions, positionsTable } from './positionsOut.js';
import { runOneShot, type OneShot } from './run.js';

const positions: OneShot<VenuePositions> = {
  name: 'positions',
  check({ flags, env, warn }) {
    const settings = resolveSettings(
      settingsFromFlags(flags, [...Object.keys(SOURCE_FLAGS), ...Object.keys(IDENTITY_FLAGS)]),
      env,
    );
    if (settings.dataUrl !== undefined && settings.source !== 'polymarket')
      throw new UsageError(`--data-url belongs to --source polymarket, not ${settings.source}`);
    const opened = openPositionsReader(settings.source, settings, env, warn ?? (() => {}), `oddsboard/${version()}`);
    if ('missing' in opened) throw new UsageError(opened.missing);
    const reader = opened.reader;
    return async (fetch) => {
      try {
        return await reader.read(fetch);
      } finally {
        await reader.close();
      }
    };
  },
  json: jsonPositions,
  lines: (v) => v.positions.map(jsonPosition),
  table: (_t, v, view) => positionsTable(v, view),
};

export const runPositions = (argv: string[], io: CommandIo) => runOneShot(positions, argv, io);
