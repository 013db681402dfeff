/**
 * The reference service: the whole public market-data interface over a live
 * market simulator (design.md §4). See README.md in this directory.
 */
export { startServer, DEFAULT_LIMITS, type ServerOptions, type RunningServer } from './listen.js';
export { Simulator, type ServedMarket, type SimulatorOptions } from './sim/simulator.js';
export type { SimMarket, SimEvent, Visibility } from './sim/types.js';
export { quoteLmsr, lmsrPrices, FEE_RATE } from './pricing.js';
