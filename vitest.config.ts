import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The end-to-end files first: they mostly wait on real time (the watcher test a minute, the drills 40 s), so
 * they start at once and the unit files fill the workers around them. Vitest's own order (slowest first by
 * the last run's durations, else the largest file first) still holds within each group; a clean clone has no
 * last run, and by size the watcher test would start last.
 */
class EndToEndFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const e2e = (f: TestSpecification) => f.moduleId.includes('/test/e2e/');
    return [...sorted.filter(e2e), ...sorted.filter((f) => !e2e(f))];
  }
}

/**
 * `npm test`: every test but the long ones (`*.long.test.ts`, minutes of real time each), which
 * `npm run test:long` runs (vitest.long.config.ts). Four workers on two cores: the end-to-end files are
 * mostly idle (docs: CONTRIBUTING.md, "How long the tests take"). Two projects: the unit files (src, bench,
 * scripts) share their worker's modules (`isolate: false`: a fresh module graph per file was about 230 ms of
 * CPU per file, 200 files — most of the suite's CPU); the files under test/ (end to end, each spawning the
 * built program) and the few in ALONE each get a fresh one.
 */
/** Files that change what a module sees when it is loaded (chalk's colour level, a mocked module): each alone. */
const ALONE = [
  'src/ui/theme.test.tsx',
  'src/sources/polymarket/noBook.test.ts',
  'src/cli/oneshot/pairsVenues.reads.test.ts',
  'src/cli/oneshot/watch.reads.test.ts',
  'src/ui/components/AlertLog.frames.test.tsx',
  'src/ui/components/TextField.cost.test.tsx',
];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    env: { NODE_ENV: 'test' },
    // one temporary directory for the run, removed at its end (test/support/tempRoot.ts)
    globalSetup: ['test/support/tempRoot.ts'],
    maxWorkers: 4,
    sequence: { sequencer: EndToEndFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, '**/*.long.test.{ts,tsx}', ...ALONE],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['test/**/*.test.{ts,tsx}', ...ALONE],
          exclude: [...configDefaults.exclude, '**/*.long.test.{ts,tsx}'],
        },
      },
    ],
  },
});
