/**
 * Picks the subcommand and runs it. Only the chosen command's module is
 * loaded: one-shot commands never load Ink or React.
 */
import { COMMANDS, DASHBOARD, findCommand, type CommandIo } from './commands.js';
import { EXIT } from './errors.js';
import { nearest, sayable } from './nearest.js';

export async function main(argv: string[], io: CommandIo): Promise<number> {
  const first = argv[0];
  if (first === undefined || first.startsWith('-')) return (await DASHBOARD.load())(argv, io);
  // `oddsboard help [COMMAND]`, what many type first: it said "argument 1 is not a command"
  if (first === 'help') {
    if (argv[1] === undefined) return (await DASHBOARD.load())(['--help'], io);
    if (argv.length > 2) {
      io.stderr.write('oddsboard: unexpected argument 3 (help takes one command; see oddsboard --help)\n');
      return EXIT.usage;
    }
    const asked = findCommand(argv[1]);
    return asked ? (await asked.load())(['--help'], io) : notACommand(2, argv[1], io);
  }
  const cmd = findCommand(first);
  if (!cmd) return notACommand(1, first, io);
  return (await cmd.load())(argv.slice(1), io);
}

/**
 * The word named when it reads as one (`history`: letters, up to 24), else only counted: a stray word on the command
 * line may be a key (sayable, as a config file's unknown key). A command it is close to is named (`maket`).
 */
function notACommand(at: number, word: string, io: CommandIo): number {
  const names = COMMANDS.map((c) => c.name);
  const meant = nearest(word, names);
  const which = sayable(word) ? `${word} (argument ${at})` : `argument ${at}`;
  io.stderr.write(
    `oddsboard: ${which} is not a command${meant ? `: did you mean ${meant}?` : ''} ` +
      `(commands: ${names.join(', ')}; see oddsboard --help)\n`,
  );
  return EXIT.usage;
}
