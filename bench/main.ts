import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Whether the module at `url` is the script node was started with (so importing a bench does not run it). */
export function isMain(url: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(url));
  } catch {
    return false;
  }
}
