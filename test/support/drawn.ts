import type { Clock } from '../../src/util/clock.js';
import type { DrawnMarket } from '../../src/sync/types.js';
import { drawnBy } from '../../src/ui/key/moves.js';
import { DEFAULT_MOVERS_THRESHOLD } from '../../src/ui/moves.js';
import { initialUiState } from '../../src/ui/uiState.js';
import type { ViewImpl } from '../../src/ui/views/types.js';

/** The market `view` draws as selected, by the UI's own rule, with the UI as it starts (Movers' 24 h window). */
export const drawnFor = (view: ViewImpl, clock: Clock): DrawnMarket =>
  drawnBy({ readUi: () => initialUiState, clock, moversThreshold: DEFAULT_MOVERS_THRESHOLD }, view);
