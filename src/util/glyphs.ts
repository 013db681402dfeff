/**
 * Every glyph the board draws of its own, with its ASCII stand-in (docs/views.md § Terminals without UTF-8 or cursor
 * addressing): the only place they are named. The set is chosen once at start (`--ascii` / `--unicode` > config
 * `"glyphs"` > the locale, `glyphsOfLocale`) with `setGlyphs`, before the first render, and read where drawn (`G.dot`),
 * so a module never keeps a copy made at import. Tests call setGlyphs per test and `setGlyphs('unicode')` after.
 * Text from a service is never passed through here: a title in Greek stays Greek.
 */
export type GlyphMode = 'unicode' | 'ascii';
export const GLYPH_MODES: readonly GlyphMode[] = ['unicode', 'ascii'];

const TABLE = {
  /** The separator between parts of a line (`status active · page 2`). */
  dot: ['·', '-'],
  /** A text cut short. */
  ell: ['…', '~'],
  cent: ['¢', 'c'],
  dash: ['—', '-'],
  endash: ['–', '-'],
  minus: ['−', '-'],
  ret: ['⏎', 'Enter'],
  lquo: ['“', '"'],
  rquo: ['”', '"'],
  apos: ['’', "'"],
  to: ['→', '->'],
  star: ['★', '*'],
  /** The cursor's row. */
  sel: ['▸', '>'],
  up: ['↑', '^'],
  down: ['↓', 'v'],
  left: ['←', '<-'],
  /** The service's own 24 h change, up and down. */
  ownUp: ['△', '^'],
  ownDown: ['▽', 'v'],
  /** A move measured on our history. */
  seenUp: ['▲', '^'],
  seenDown: ['▼', 'v'],
  bad: ['✗', 'x'],
  ok: ['✓', '+'],
  times: ['×', 'x'],
  bar: ['│', '|'],
  le: ['≤', '<='],
  ge: ['≥', '>='],
  ne: ['≠', '!='],
  plusMinus: ['±', '+/-'],
  pair: ['⇄', '='],
  flipped: ['↺', '~'],
  lsel: ['‹', '<'],
  rsel: ['›', '>'],
  said: ['»', '>'],
  focus: ['◆', '*'],
  unfocus: ['◇', '-'],
  block: ['█', '#'],
  under: ['↳', '>'],
  backspace: ['⌫', 'Bksp'],
  section: ['§', 'section'],
  /** A temperature's unit (`°F`, `deg F`). */
  deg: ['°', 'deg '],
  /** The connection's dot before its word: dropped in ASCII (the word says it). */
  connecting: ['◌ ', ''],
  online: ['● ', ''],
  degraded: ['◐ ', ''],
  offline: ['○ ', ''],
  limited: ['◍ ', ''],
  /** The state alone, where its word does not fit (`K●8/60`). */
  connectingMark: ['◌', '.'],
  onlineMark: ['●', '+'],
  degradedMark: ['◐', '~'],
  offlineMark: ['○', 'x'],
  limitedMark: ['◍', '!'],
} as const satisfies Record<string, readonly [string, string]>;

export type GlyphName = keyof typeof TABLE;

let mode: GlyphMode = 'unicode';

/** The glyph set drawn from now on; set before the first render (and per test). */
export function setGlyphs(next: GlyphMode): void {
  mode = next;
}

export function glyphMode(): GlyphMode {
  return mode;
}

/** Whether pictures made of glyphs (sparklines, the braille chart, the spinner's braille) are drawn. */
export const pictures = (): boolean => mode === 'unicode';

/** The glyphs by name, each read in the set chosen (`G.cent`). */
export const G = Object.fromEntries(Object.keys(TABLE).map((k) => [k, undefined])) as unknown as Readonly<
  Record<GlyphName, string>
>;
for (const k of Object.keys(TABLE) as GlyphName[])
  Object.defineProperty(G, k, { get: () => TABLE[k][mode === 'ascii' ? 1 : 0], enumerable: true });

/**
 * `make`'s value in the set drawn, made once for each set: a table of segments or a regex read at every frame is not
 * built anew each time (`perGlyphSet(() => ({ online: `${G.online}online`, … }))`).
 */
export function perGlyphSet<T>(make: () => T): () => T {
  const made = new Map<GlyphMode, T>();
  return () => {
    if (!made.has(mode)) made.set(mode, make());
    return made.get(mode)!;
  };
}

/** Each of the table's one-character glyphs with its stand-in (`¢` `c`, `“` `"`). */
const STAND_IN = new Map<string, string>(
  Object.values(TABLE)
    .filter(([u]) => [...u].length === 1)
    .map(([u, a]) => [u, a]),
);

/**
 * A text saved by an earlier session (the alert log's entries, `alert-log.json`) in the set drawn now. Under ASCII,
 * each of the table's glyphs becomes its stand-in — `“Title”` `"Title"`, `¢` `c`, `−` `-` — except inside a quoted
 * title, the service's own text, which is drawn as received; under Unicode the text is as saved (one saved under
 * ASCII stays ASCII, readable in both). A text made now is built in the set chosen and needs none of this.
 */
export function inGlyphs(text: string): string {
  if (mode !== 'ascii') return text;
  return text
    .split(/(“[^”]*”)/)
    .map((part, i) => (i % 2 === 1 ? `"${part.slice(1, -1)}"` : [...part].map((c) => STAND_IN.get(c) ?? c).join('')))
    .join('');
}

/**
 * `text` in quotes of the set drawn (`“…”`, `"…"` in ASCII), a quote inside it nested as typography nests one
 * (`“Will ‘AI’ win?”`, `"Will 'X' win?"`): a closing mark inside the title cut it short wherever a quoted title is
 * found again (`quoteRe` of src/ui/quotes.ts, the notice line's burstText, `inGlyphs`). Only the set's own marks are
 * nested: `“AI”` stays as written in ASCII, `"X"` in Unicode.
 */
export function inQuotes(text: string): string {
  const inner = mode === 'ascii' ? text.replace(/"/g, "'") : text.replace(/“/g, '‘').replace(/”/g, '’');
  return `${G.lquo}${inner}${G.rquo}`;
}

/** The eight heights of a sparkline's bars (drawn only in Unicode). */
export const BARS = '▁▂▃▄▅▆▇█';
/** The spinner's frames. */
export const spinnerFrames = (): readonly string[] =>
  mode === 'ascii' ? ['|', '/', '-', '\\'] : ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
/** The first braille cell: a chart's cell is this plus its dots. */
export const BRAILLE_BASE = 0x2800;

/**
 * The locale's guess: the first of LC_ALL, LC_CTYPE, LANG that is set (and not empty) names its codeset; UTF-8
 * (`en_US.UTF-8`, `C.utf8`, macOS's bare `UTF-8`, any case) draws Unicode, anything else (`C`, `POSIX`,
 * `en_US.ISO-8859-1`, `en_US`) ASCII. None set is C.
 */
export function glyphsOfLocale(env: NodeJS.ProcessEnv): GlyphMode {
  const locale = [env.LC_ALL, env.LC_CTYPE, env.LANG].find((v) => v !== undefined && v !== '') ?? 'C';
  return /(^|\.)utf-?8(@|$)/i.test(locale) ? 'unicode' : 'ascii';
}

/**
 * The set drawn: the setting (a flag, `--ascii` / `--unicode`, over the config file's `"glyphs"`: src/cli/config.ts)
 * over the locale's guess.
 */
export function chooseGlyphs(setting: GlyphMode | undefined, env: NodeJS.ProcessEnv): GlyphMode {
  return setting ?? glyphsOfLocale(env);
}
