/**
 * What the chaos layer does to an answer's body and to its delivery: hostile
 * titles (control sequences and width-tricky emoji in the markets on screen),
 * a market that vanishes, data of the wrong type, broken JSON, and delivery
 * that is huge, a trickle, or cut off mid-body.
 */
import type { ServerResponse } from 'node:http';

/**
 * Titles a hostile or broken server might send: every control-sequence vector, and emoji terminals measure differently.
 */
export const HOSTILE_TITLES = [
  'Will 🌡️ Tokyo 東京 top 35 °C this week? 気温',
  '\x1b]52;c;ZHJpbGwtY2xpcGJvYXJk\x07Clipboard\x1b[6n heist \x1b]8;;https://evil.example/\x07link\x1b]8;;\x07 ' +
    '\x1b[38;5;201mmagenta',
  '\u009b31mC1 red \u202eevil\u202c \x07bell \x08\x08BS \x1bP1$r\x1b\\DCS 👨‍👩‍👧 🇺🇸 👍🏽 1️⃣',
] as const;

/** A hostile outcome name and category (the first hostile market gets them). */
export const HOSTILE_OUTCOME = 'Yes\x1b]0;pwned\x07';
export const HOSTILE_CATEGORY = 'Climate\x1b]8;;https://evil.example/\x07';

type Json = unknown;
const isObj = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every market object in an answer's data (a list, one market, events with nested markets). */
function marketsIn(data: Json): Record<string, Json>[] {
  const out: Record<string, Json>[] = [];
  const visit = (v: Json) => {
    if (Array.isArray(v)) for (const x of v) visit(x);
    else if (isObj(v)) {
      if (Array.isArray(v.outcomes)) out.push(v);
      if (Array.isArray(v.markets)) visit(v.markets);
    }
  };
  visit(data);
  return out;
}

/** Gives the markets `ids` (in order) the hostile titles; the first also a hostile outcome name and category. */
export function hostile(data: Json, ids: readonly string[]): void {
  for (const m of marketsIn(data)) {
    const i = ids.indexOf(String(m.id));
    if (i < 0 || i >= HOSTILE_TITLES.length) continue;
    m.title = HOSTILE_TITLES[i];
    if (i === 0) {
      m.category = HOSTILE_CATEGORY;
      const first = Array.isArray(m.outcomes) ? m.outcomes[0] : undefined;
      if (isObj(first)) first.name = HOSTILE_OUTCOME;
    }
  }
}

/** The market `id` is gone from a list answer and from events' nested markets. */
export function without(data: Json, id: string): Json {
  const drop = (v: Json): Json => {
    if (Array.isArray(v)) return v.filter((x) => !(isObj(x) && x.id === id && Array.isArray(x.outcomes))).map(drop);
    if (isObj(v) && Array.isArray(v.markets)) return { ...v, markets: drop(v.markets) };
    return v;
  };
  return drop(data);
}

/** Data of the wrong type for every endpoint: a string where a list or an object belongs. */
export const WRONG_TYPES = 'data of the wrong type (chaos)';

/** A body that starts like JSON and is not. */
export const BAD_JSON = '{"success": true, "data": [{"id": "mkt-chaos", "title": "broken", ]}';

/** The first half of a JSON body (a truncated answer with a matching Content-Length). */
export function truncated(body: string): string {
  return body.slice(0, Math.max(1, Math.floor(body.length / 2)));
}

/** A 50 MB JSON body, streamed with back-pressure and given up when the client goes away. */
export function sendHuge(res: ServerResponse, bytes = 50 * 1024 * 1024): void {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  const unit = Buffer.from(
    `${JSON.stringify({ id: 'mkt-huge', title: 'x'.repeat(900), status: 'active', outcomes: [] })},`,
  );
  let sent = 0;
  let stopped = false;
  res.on('close', () => (stopped = true));
  res.write('{"success":true,"data":[');
  const pump = (): void => {
    while (!stopped && sent < bytes) {
      sent += unit.length;
      if (!res.write(unit)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!stopped) res.end('{"id":"end","outcomes":[]}]}');
  };
  pump();
}

/** The body one byte a second (the headers at once). */
export function sendTrickle(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  res.writeHead(status, headers);
  const bytes = Buffer.from(body);
  let i = 0;
  const timer = setInterval(() => {
    if (res.destroyed || i >= bytes.length) {
      clearInterval(timer);
      if (!res.destroyed) res.end();
      return;
    }
    res.write(bytes.subarray(i, i + 1));
    i++;
  }, 1000);
  res.on('close', () => clearInterval(timer));
}

/** Headers and half the body, then the connection is reset. */
export function sendReset(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  res.writeHead(status, headers);
  res.write(body.slice(0, Math.floor(body.length / 2)), () => setImmediate(() => res.socket?.destroy()));
}

/** Cloudflare's rate-limit page (error 1015), as the edge in front of a platform sends it with status 429. */
export const CF_429 =
  '<!DOCTYPE html><html lang="en-US"><head><title>Access denied | api.example.com used Cloudflare to restrict ' +
  'access</title></head><body><div id="cf-wrapper"><h1>Error 1015</h1><h2>You are being rate limited</h2>' +
  '<p>The owner of this website has banned you temporarily from accessing this website.</p></div></body></html>';

/** Cloudflare's block page (error 1020 / "Attention Required!"), status 403. */
export const CF_403 =
  '<!DOCTYPE html><html lang="en-US"><head><title>Attention Required! | Cloudflare</title></head><body>' +
  '<div id="cf-wrapper"><h1>Sorry, you have been blocked</h1><h2>You are unable to access api.example.com</h2>' +
  '</div></body></html>';
