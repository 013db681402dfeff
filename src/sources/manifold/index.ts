/** Manifold (v0 API) as a source: docs/sources/manifold.md. */
import type { PlatformDef } from '../types.js';
import { manifoldCaps } from './caps.js';
import { createManifoldClient } from './client.js';
import { errorBody, readError } from './errors.js';
import { manifoldLimits } from './limits.js';
import { recordManifold } from './record.js';
import { createManifoldReplay } from './replay.js';
import { checkRequest } from './routes.js';

export const MANIFOLD_BASE_URL = 'https://api.manifold.markets/v0';

export const manifoldSource = {
  id: 'manifold',
  label: 'MANIFOLD',
  defaultBaseUrl: MANIFOLD_BASE_URL,
  replayPrefix: '/v0',
  limits: manifoldLimits,
  caps: manifoldCaps,
  readError,
  errorBody,
  createClient: (config) => createManifoldClient(config),
  createReplay: (dir, opts) => createManifoldReplay(dir, { asRecorded: opts?.asRecorded === true }),
  record: recordManifold,
  undocumented: checkRequest,
} satisfies PlatformDef;
