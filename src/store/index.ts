export * from './types.js';
export * from './store.js';
export * from './derive.js';
