import { readFileSync } from 'node:fs';

/** The package's version, read from package.json beside dist/ (0.0.0 when it cannot be read). */
export function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
