/**
 * Which commands take a flag, said when a command is given one it does not take (`oddsboard markets --data-url X`,
 * `oddsboard pairs --demo`): the flag exists, and the message names where, instead of calling it unknown.
 */
import { COMMANDS, DASHBOARD, type Command } from './commands.js';

/** Whether `cmd` takes the flag typed as `said` (without dashes): by name, as help writes it (`no-wait`), or short. */
function takes(cmd: Command, said: string): boolean {
  return Object.entries(cmd.flags).some(
    ([name, spec]) => name === said || spec.shown === `--${said}` || spec.short === said,
  );
}

const named = (cmd: Command) => (cmd.name === '' ? 'the dashboard' : cmd.name);

/**
 * `--demo is not a flag of pairs: the dashboard, markets, … take it (see oddsboard pairs --help)`, or undefined when
 * no other command takes the flag. `said` is the flag as typed, a name safe to repeat.
 */
export function takenElsewhere(said: string, owner: string): string | undefined {
  const others = [DASHBOARD, ...COMMANDS].filter((c) => c.name !== owner && takes(c, said)).map(named);
  if (others.length === 0) return undefined;
  const list = others.length === 1 ? others[0]! : `${others.slice(0, -1).join(', ')} and ${others.at(-1)!}`;
  const dashes = said.length === 1 ? '-' : '--';
  const self = owner === '' ? 'the dashboard' : owner;
  const help = owner === '' ? 'oddsboard --help' : `oddsboard ${owner} --help`;
  return `${dashes}${said} is not a flag of ${self}: ${list} take${others.length === 1 ? 's' : ''} it (see ${help})`;
}
