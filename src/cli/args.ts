import { DASHBOARD } from './commands.js';
import { settingsFromFlags, type SettingsInput } from './config.js';
import { readInvocation } from './parse.js';

export type ParsedArgs = { kind: 'help' } | { kind: 'version' } | { kind: 'run'; flags: SettingsInput };

/**
 * Parses the dashboard's argv (without node and script). Throws UsageError with a one-line message — but a wallet or
 * username that is not one is kept in `identityProblems`: the dashboard says it and goes on (docs/positions.md).
 */
export function parseDashboardArgs(argv: string[]): ParsedArgs {
  const inv = readInvocation(DASHBOARD, argv);
  if (inv.kind !== 'run') return inv;
  return { kind: 'run', flags: settingsFromFlags(inv.flags, Object.keys(DASHBOARD.flags), true) };
}
