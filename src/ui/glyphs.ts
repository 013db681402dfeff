/**
 * The glyph table lives in src/util/glyphs.ts, where the store, the venues and the UI all may read it (one table);
 * src/ui imports it from here as before.
 */
export * from '../util/glyphs.js';
