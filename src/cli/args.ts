import { DASHBOARD } from './commands.js';
import { settingsFromFlags, type SettingsInput } from './config.js';
import { readInvocation } from './parse.js';

export type ParsedArgs = { kind: 'help' } | { kind: 'version' } | { kind: 'run'; flags: SettingsInput };

/** Parses the dashboard's argv (without node and script). Throws UsageError with a one-line message. */
export function parseDashboardArgs(argv: string[]): ParsedArgs {
  const inv = readInvocation(DASHBOARD, argv);
  if (inv.kind !== 'run') return inv;
  return { kind: 'run', flags: settingsFromFlags(inv.flags, Object.keys(DASHBOARD.flags)) };
}
