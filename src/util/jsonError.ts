/**
 * Where JSON text stops being JSON, as a line and column — for messages about
 * files that must not be quoted (a config file may hold a key). V8's own
 * messages quote the text around the error and give no position for some errors.
 */

/**
 * Offset of the first character that makes `text` invalid JSON (text.length when it ends too early); -1 when it is
 * valid.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const fail = (at: number): never => {
    throw at;
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const literal = (word: string) => {
    for (const c of word) if (text[i++] !== c) fail(i - 1);
  };
  const string = () => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) fail(i);
      const c = text.charCodeAt(i);
      if (c === 0x22) return void i++;
      if (c < 0x20) fail(i);
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail(i);
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail(i);
      } else i++;
    }
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) fail(i);
    i += m![0].length;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail(i);
        string();
        ws();
        if (text[i] !== ':') fail(i);
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail(i);
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail(i);
      }
    }
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
    fail(i);
  };
  try {
    value();
    ws();
    return i < text.length ? i : -1;
  } catch (at) {
    return Math.min(text.length, at as number);
  }
}

/** "line L, column C" (1-based) of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let k = 0; k < offset && k < text.length; k++) {
    if (text.charCodeAt(k) === 10) {
      line++;
      start = k + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

/**
 * The offset of each key of a valid JSON object's top level (`text` is known to parse): a key repeated inside a nested
 * object or array (`baseUrls`, `alerts`) or inside a string is not one of them; a key given twice at the top is at its
 * last place, whose value JSON.parse keeps.
 */
export function topLevelKeyOffsets(text: string): Map<string, number> {
  return new Map(topLevelKeys(text).map(({ key, at }) => [key, at]));
}

/** Each key of a valid JSON object's top level with its offset, in the text's order, a repeated one each time. */
export function topLevelKeys(text: string): { key: string; at: number }[] {
  const out: { key: string; at: number }[] = [];
  let depth = 0;
  let key = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      if (key) out.push({ key: JSON.parse(text.slice(start, i + 1)) as string, at: start });
      key = false;
    } else if (c === '{' || c === '[') {
      depth++;
      key = depth === 1 && c === '{';
    } else if (c === '}' || c === ']') depth--;
    else if (c === ',') key = depth === 1;
  }
  return out;
}
