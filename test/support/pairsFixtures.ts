/**
 * The labelled cross-venue pairs of test/fixtures/real/pairs/ (labels.json, SOURCES.md) and the market objects they
 * name, for the trap tests and `npm run bench:pairs`. Recorded objects (whole API answers under
 * test/fixtures/real/) go through the project's normalizer as recorded. Rows that a source published as a table
 * (a CSV row, a candidate file) are assembled into the platform's documented shape — Kalshi: ticker, title,
 * subtitle, rules_primary/rules_secondary, close_time; Polymarket (Gamma): id, question, description, endDate;
 * Manifold: id, question, closeTime, outcomeType — with every text copied verbatim, then normalized by that
 * platform's normalizer. Nothing here touches the network.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { normalizeEventList, normalizeMarket } from '../../src/api/normalize.js';
import { normalizeKalshi } from '../../src/api/normalizeKalshi.js';
import { normalizeManifold } from '../../src/api/normalizeManifold.js';
import { normalizePolymarket } from '../../src/api/normalizePolymarket.js';
import type { Market } from '../../src/api/types.js';
import type { Relation } from '../../src/pairs/types.js';
import { loadRecording } from '../../src/server/replay/load.js';

/** test/fixtures/real, from the sources or from their build in dist-bench/. */
export function realRoot(): string {
  const here = resolve(import.meta.dirname, '..', '..');
  const root = here.endsWith('dist-bench') ? resolve(here, '..') : here;
  return join(root, 'test', 'fixtures', 'real');
}

const NOW = Date.UTC(2026, 7, 1);
type Rec = Record<string, unknown>;

function json(path: string): unknown {
  return JSON.parse(readFileSync(join(realRoot(), path), 'utf8').replace(/^\uFEFF/, ''));
}
const list = (v: unknown, key: string): Rec[] =>
  (Array.isArray(v) ? v : (((v as Rec)[key] as unknown[] | undefined) ?? [v])) as Rec[];

export interface Label {
  set: 'casebook' | 'oddsboard' | 'structure';
  a: string;
  b: string;
  label: Relation;
  why: string;
  trap?: string;
}

export interface LabelSet {
  id: Label['set'];
  name: string;
  source: string;
}

export const LABEL_SETS: LabelSet[] = [
  {
    id: 'casebook',
    name: 'Representation casebook: Kalshi ↔ Polymarket pairs coded by hand against both archived rules',
    source: 'm-schulte-althoff/prediction-market-analysis output/tables/representation-case-matrix.csv @ a575077',
  },
  {
    id: 'oddsboard',
    name: "Candidate pairs from public repositories, adjudicated in this repository from both venues' texts",
    source: 'test/fixtures/real/pairs/labels.json (texts: SOURCES.md, "pairs/")',
  },
  {
    id: 'structure',
    name: 'The two markets of each Kalshi basketball game (complements) and markets of different games',
    source: 'test/fixtures/real/kalshi/paging/bracket-kal-2026-03 (KXNCAAMBGAME, 60 games)',
  },
];

function add(out: Map<string, Market>, m: Market | undefined): void {
  if (m) out.set(`${m.source === 'reference' ? 'public' : m.source}:${m.id}`, m);
}

function kalshi(o: Rec): Market {
  return normalizeKalshi(o, String(o.ticker), NOW);
}
function polymarket(o: Rec): Market {
  return normalizePolymarket(o, String(o.id), NOW);
}
function manifold(o: Rec): Market {
  return normalizeManifold(o, String(o.id), NOW);
}

/** Every market a label names, by `venue:id`. */
export function pairMarkets(): Map<string, Market> {
  const out = new Map<string, Market>();
  const recorded = (path: string, key = 'markets') => {
    for (const o of list(json(path), key)) add(out, normalizeMarket(o, { now: NOW }));
  };
  recorded('pairs/kalshi-markets-KXFEDDECISION-26SEP-5-open.json');
  recorded('kalshi/trade-api-v2-markets-KXHIGHNY-finalized-result-no-dollars-shape.json');
  recorded('kalshi/trade-api-v2-historical-markets-KXFEDDECISION-26JUL-finalized-yes-and-no.json');
  recorded('polymarket/gamma-markets-gta-vi-group-5-open-full-list.json');
  recorded(
    'kalshi/trader/sportsbet-pro-2026-07/trade-api-v2-markets-KXMLBGAME-26JUL231840KCDET-KC-and-DET-active.json',
  );
  recorded(
    'kalshi/paging/bracket-kal-2026-03/trade-api-v2-markets-KXNCAAMBGAME-96-active-then-24-finalized-2026-03.json',
  );
  recorded('polymarket/gamma-markets-3-open-ethiopia-fed-lebron.json');
  recorded('manifold/v0-search-markets-fed-cut-binary-list-2026.json');
  recorded('manifold/v0-market-nRSlhy5c2L-NO-2026-10-09.json');
  recorded('pairs/nfl-det-buf-2026-09/kalshi/trade-api-v2-markets-KXNFLGAME-26SEP17DETBUF-DET-and-BUF-active.json');
  // events as the app reads them: each nested market with what its event states (src/api/polymarketEvent.ts)
  for (const ev of normalizeEventList(
    [
      ...list(json('polymarket/gamma-event-481717-detail-fed-september-negrisk-5-markets.json'), 'events'),
      ...list(json('polymarket/gamma-events-kraken-macron-2-events-8-markets-with-tags.json'), 'events'),
      ...list(
        json('pairs/nfl-det-buf-2026-09/polymarket/gamma-events-810546-lions-vs-bills-moneyline-spread-total.json'),
        'events',
      ),
    ],
    { now: NOW },
  ))
    for (const m of ev.markets) add(out, m);

  // the casebook's rows (Kalshi ↔ Polymarket, rules verbatim)
  const bare = (id: string) => id.replace(/^(kalshi|polymarket):/, '');
  for (const c of json('pairs/schulte-althoff-representation-case-matrix-cross-platform-4-rows.json') as Rec[]) {
    const kt = bare(String(c.a_contract_id));
    if (!out.has(`kalshi:${kt}`))
      add(out, kalshi({ ticker: kt, title: c.a_question, rules_primary: c.a_rule, status: 'active' }));
    const pid = bare(String(c.b_contract_id));
    if (!out.has(`polymarket:${pid}`)) add(out, polymarket({ id: pid, question: c.b_question, description: c.b_rule }));
  }
  for (const r of json('pairs/schulte-althoff-matching-high-confidence-8-rows.json') as Rec[]) {
    add(
      out,
      kalshi({
        ticker: r.kalshi_ticker,
        title: r.kalshi_question,
        rules_primary: r.kalshi_rule,
        close_time: iso(r.kalshi_close_timestamp),
        status: 'active',
      }),
    );
    add(
      out,
      polymarket({
        id: r.polymarket_id,
        question: r.polymarket_question,
        description: r.polymarket_rule,
        endDate: iso(r.polymarket_close_timestamp),
      }),
    );
  }
  // Korpiaveli's Kalshi ↔ Manifold candidates (Kalshi: title, subtitle, rules; Manifold: the question only)
  for (const file of [
    'pairs/korpiaveli-kalshi-manifold-matches.json',
    'pairs/korpiaveli-kalshi-manifold-cross-platform-test.json',
    'pairs/korpiaveli-kp-matches-test-KXG7LEADEROUT-EMAC-one-pair.json',
  ])
    for (const p of json(file) as Rec[]) {
      for (const side of [p.kalshiMarket, p.market1, p.polymarketMarket, p.market2] as (Rec | undefined)[]) {
        if (!side) continue;
        const meta = (side.metadata ?? {}) as Rec;
        if (side.exchange === 'KALSHI')
          add(
            out,
            kalshi({
              ticker: side.id,
              event_ticker: meta.eventTicker,
              title: side.title,
              subtitle: side.description,
              rules_primary: meta.rulesPrimary,
              rules_secondary: meta.rulesSecondary,
              close_time: side.closeTime,
              market_type: meta.marketType,
              status: 'active',
            }),
          );
        if (side.exchange === 'MANIFOLD')
          add(
            out,
            manifold({
              id: side.id,
              question: side.title,
              closeTime: Date.parse(String(side.closeTime)),
              outcomeType: meta.outcomeType,
              mechanism: meta.mechanism,
              probability: meta.probability,
              isResolved: false,
            }),
          );
      }
    }
  const nyc = json('pairs/polymarket-highest-temperature-in-nyc-on-august-25-2026-rules-quoted.json') as Rec;
  add(out, polymarket({ id: nyc.slug, question: nyc.question, description: nyc.description }));
  const nobel = json('pairs/polymarket-637002-nobel-question-quoted.json') as Rec;
  add(out, polymarket({ id: nobel.id, question: nobel.question, endDate: nobel.endDate }));
  return out;
}

function iso(v: unknown): string | undefined {
  return typeof v === 'string' ? v.replace(' ', 'T').replace(/\+00:00$/, 'Z') : undefined;
}

/** The hand labels plus the structural ones (each basketball game's two markets; a team against another game's). */
export function pairLabels(markets: Map<string, Market>): Label[] {
  const labels = [...(json('pairs/labels.json') as { labels: Label[] }).labels];
  const games = new Map<string, string[]>();
  for (const [key, m] of markets)
    if (key.startsWith('kalshi:KXNCAAMBGAME-') && m.eventId)
      games.set(m.eventId, [...(games.get(m.eventId) ?? []), key]);
  const ids = [...games.values()].filter((g) => g.length === 2);
  ids.forEach((g, i) => {
    labels.push({
      set: 'structure',
      a: g[0]!,
      b: g[1]!,
      label: 'complement',
      why: 'the two teams of one basketball game',
    });
    const next = ids[(i + 1) % ids.length]!;
    labels.push({ set: 'structure', a: g[0]!, b: next[0]!, label: 'different', why: 'teams of two different games' });
  });
  return labels;
}

/**
 * Every market recorded under test/fixtures/real/{kalshi,polymarket,manifold} (nested ones included) plus the
 * labelled ones: for the sweep of bench:pairs, every pair of which is compared and every `same` listed.
 */
export function recordedMarkets(): Map<string, Market> {
  const out = new Map<string, Market>();
  for (const service of ['kalshi', 'polymarket', 'manifold'])
    for (const it of loadRecording(join(realRoot(), service))) {
      const objects = it.kind === 'event' && Array.isArray(it.object.markets) ? (it.object.markets as Rec[]) : [];
      for (const o of it.kind === 'market' ? [it.object as Rec] : objects) add(out, normalizeMarket(o, { now: NOW }));
    }
  for (const [k, m] of pairMarkets()) out.set(k, m);
  return out;
}
