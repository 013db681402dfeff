/**
 * The names `serve --chaos` and `--chaos-retry-after` take, in a module without imports: the command table's help
 * (cli/commands.ts, loaded by every command) is built from them without loading the server.
 */
export const CHAOS_PROFILES = [
  'none',
  '404',
  '500',
  'html',
  'badjson',
  'truncated',
  'wrongtypes',
  'huge',
  'trickle',
  'hang',
  'reset',
  'flap',
  '429',
  'revoke',
  'vanish',
  'forbid',
  'cf429',
  'cf403',
] as const;
export type ChaosProfile = (typeof CHAOS_PROFILES)[number];

export const RETRY_AFTER_KINDS = ['seconds', 'date', 'none', 'huge'] as const;
export type RetryAfterKind = (typeof RETRY_AFTER_KINDS)[number];
