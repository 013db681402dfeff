/**
 * Picks the subcommand and runs it. Only the chosen command's module is
 * loaded: one-shot commands never load Ink or React.
 */
import { COMMANDS, DASHBOARD, findCommand, type CommandIo } from './commands.js';
import { EXIT } from './errors.js';

export async function main(argv: string[], io: CommandIo): Promise<number> {
  const first = argv[0];
  if (first === undefined || first.startsWith('-')) return (await DASHBOARD.load())(argv, io);
  const cmd = findCommand(first);
  if (!cmd) {
    // never echoed: a stray word on the command line may be a key
    io.stderr.write(
      `oddsboard: argument 1 is not a command (commands: ${COMMANDS.map((c) => c.name).join(', ')}; see oddsboard ` +
        `--help)\n`,
    );
    return EXIT.usage;
  }
  return (await cmd.load())(argv.slice(1), io);
}
