/**
 * Help texts, generated from the command table: a flag's help line lives next
 * to its definition, so help cannot drift from what the parser accepts.
 */
import { COMMANDS, DASHBOARD, type Command } from './commands.js';
import { EXIT_HELP } from './errors.js';
import { flagHelp } from './parse.js';

const ENVIRONMENT = `  Environment
    ODDSBOARD_API_KEY            your API key (read only from here, never from a flag or file; only its last 4 shown)
    ODDSBOARD_SOURCE             the source or sources, as --source (kalshi, kalshi,polymarket, all, ...)
    ODDSBOARD_BASE_URL           the service's base URL
    ODDSBOARD_CONFIG             path of the config file (default $XDG_CONFIG_HOME/oddsboard/config.json)
    ODDSBOARD_POLYMARKET_WALLET  whose Polymarket positions, as --polymarket-wallet
    ODDSBOARD_MANIFOLD_USER      whose Manifold positions, as --manifold-user
    KALSHI_API_KEY_ID            your Kalshi key's id, for your Kalshi positions (read only from here)
    KALSHI_PRIVATE_KEY_PATH      its private key's file (or KALSHI_PRIVATE_KEY: the key itself); never shown or sent
    NO_COLOR                     any non-empty value: no colour unless --color always or the config file says so
    LC_ALL, LC_CTYPE, LANG       the first set not UTF-8 (C, POSIX): ASCII stand-ins for the glyphs unless --unicode
    XDG_STATE_HOME               watchlist, alerts, shared rate ledger: $XDG_STATE_HOME/oddsboard (~/.local/state)`;

/** `oddsboard --help`: the dashboard's flags and every command. */
export function mainHelp(): string {
  const short = (c: Command) => [c.name, ...c.args].join(' ');
  const width = Math.max(...COMMANDS.map((c) => short(c).length)) + 2;
  const cmds = COMMANDS.map((c) => `    $ oddsboard ${short(c).padEnd(width)} ${c.summary}`).join('\n');
  return `
  Usage
    $ oddsboard${' '.repeat(width + 1)} ${DASHBOARD.summary}
${cmds}
    $ oddsboard COMMAND --help${' '.repeat(Math.max(1, width - 14))} a command's flags

  Flags (dashboard)
${flagHelp(DASHBOARD.flags)}

${ENVIRONMENT}

${EXIT_HELP}
`.trimStart();
}

/** `oddsboard COMMAND --help`. */
export function commandHelp(cmd: Command): string {
  return `Usage: oddsboard ${cmd.usage} [flags]

${cmd.summary[0]!.toUpperCase()}${cmd.summary.slice(1)}.

Flags:
${flagHelp(cmd.flags, '  ')}
${cmd.name === 'serve' ? '\nThe first line printed is the base URL, e.g. http://127.0.0.1:8787\n' : `\n${ENVIRONMENT}\n\n${EXIT_HELP}\n`}`;
}
