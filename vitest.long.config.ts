import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/** `npm run test:long`: the tests that need minutes of real time (`*.long.test.ts`), with `npm test`'s settings. */
export default defineConfig({
  test: { ...base.test, include: ['test/**/*.long.test.{ts,tsx}'], exclude: ['**/node_modules/**'] },
});
