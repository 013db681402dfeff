/**
 * Gamma's slug routes answered from a recording (a pasted link, src/links): `/markets/slug/{slug}` answers the market
 * object as `/markets/{id}` does, `/events/slug/{slug}` the event as `/events/{id}` does (its markets nested); an
 * unknown slug → 404 in Gamma's shape. The shapes are those of docs.polymarket.com "Market Details" (a market object)
 * and the recorded `/events/{id}` answer (test/fixtures/real/polymarket/gamma-event-481717-…json).
 */
import type { Rec } from '../../api/normalizeFields.js';
import type { ReplayAnswer, ReplayRequest } from '../types.js';
import { gammaErrorBody } from './errors.js';
import { idOf, marketsOfEvent, type GammaRecording } from './replayData.js';

const bySlug = (list: readonly Rec[], slug: string): Rec | undefined => list.find((o) => o.slug === slug);

/** The answer of a slug route, or undefined for any other path. */
export function answerSlug(rec: GammaRecording, { segments: s }: ReplayRequest): ReplayAnswer | undefined {
  if (s.length !== 3 || s[1] !== 'slug' || (s[0] !== 'markets' && s[0] !== 'events')) return undefined;
  const slug = s[2]!;
  if (s[0] === 'markets') {
    const m = bySlug(rec.markets, slug);
    return m ? { status: 200, body: m } : { status: 404, body: gammaErrorBody(404, '', 'market not found') };
  }
  const e = bySlug(rec.events, slug);
  if (!e) return { status: 404, body: gammaErrorBody(404, '', 'event not found') };
  return { status: 200, body: Array.isArray(e.markets) ? e : { ...e, markets: marketsOfEvent(rec, idOf(e) ?? '') } };
}
