import { Box } from 'ink';
import type { ConnectionState, RateState } from '../../store/types.js';
import { sanitize } from '../../util/sanitize.js';
import { formatAge, secondsUntil } from '../format.js';
import { maskedKey } from './Header.js';
import { Line, type Seg } from './Line.js';

export interface BannerInput {
  connection: ConnectionState;
  rate: RateState;
  keyHint: string;
  now: number;
}

/** The lines of the state banner (auth failure, offline, rate limited); empty when all is well. */
export function bannerLines({ connection, rate, keyHint, now }: BannerInput): Seg[][] {
  const lines: Seg[][] = [];
  if (connection.status === 'auth_failed') {
    const k = maskedKey(keyHint);
    lines.push([
      { text: ' AUTH FAILED ', color: 'white', backgroundColor: 'red', bold: true },
      { text: ` The API key${k ? ` ${k}` : ''} was rejected (401). oddsboard will not fall back to anonymous access.`, color: 'red' },
    ]);
    const said = sanitize(connection.lastError?.message ?? '');
    lines.push([
      { text: '  Fix ODDSBOARD_API_KEY and restart.', dim: true },
      { text: said ? ` Server said: ${said}` : '', dim: true, priority: -1 },
    ]);
  } else if (connection.status === 'offline') {
    const last = connection.lastSuccessAt === undefined ? 'no data yet' : `last data ${formatAge(now - connection.lastSuccessAt)} ago`;
    const retry =
      rate.backoffUntil !== undefined && rate.backoffUntil > now && rate.backoffReason === 'offline'
        ? ` · retrying in ${secondsUntil(rate.backoffUntil, now)}s`
        : '';
    const why = sanitize(connection.lastError?.message ?? '');
    lines.push([
      { text: ` OFFLINE · ${last} `, color: 'black', backgroundColor: 'yellow', bold: true },
      { text: retry, color: 'yellow' },
      { text: why ? `  ${why}` : '', dim: true, priority: -1 },
    ]);
  }
  if (rate.backoffReason === 'rate_limited' && rate.backoffUntil !== undefined && rate.backoffUntil > now) {
    lines.push([
      { text: ` RATE LIMITED · retry in ${secondsUntil(rate.backoffUntil, now)}s `, color: 'black', backgroundColor: 'yellow', bold: true },
      { text: '  the server answered 429; requests are paused, the data below keeps its age', dim: true, priority: -1 },
    ]);
  }
  return lines;
}

export function Banner({ lines, width }: { lines: Seg[][]; width: number }) {
  if (lines.length === 0) return null;
  return (
    <Box flexDirection="column" width={width} height={lines.length} overflowY="hidden">
      {lines.map((segs, i) => (
        <Line key={i} width={width} segs={segs} />
      ))}
    </Box>
  );
}
