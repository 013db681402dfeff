import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// `npm test`'s settings without its two projects (unit files share a worker there; these each run alone)
const { projects: _projects, ...settings } = base.test ?? {};

/** `npm run test:long`: the tests that need minutes of real time (`*.long.test.ts`), with `npm test`'s settings. */
export default defineConfig({
  test: { ...settings, include: ['test/**/*.long.test.{ts,tsx}'], exclude: ['**/node_modules/**'] },
});
