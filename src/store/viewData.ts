/**
 * Store actions for what the views beyond the market list draw: the closing-soon
 * list and events with their own detail (the Events view's open event). Spread
 * into the store by createOddsStore; the markets these answers carry go into the
 * same cache as the list's (entries, history, status changes).
 */
import type { Market, MarketEvent } from '../api/types.js';
import { inQuotes } from '../util/glyphs.js';
import { absorb, mergeCategories, prune } from './entries.js';
import { completeFromEvents, copyStamps, mergeEvents, olderEvents } from './events.js';
import { addTransitions } from './transitions.js';
import type { AppState, EventsState, Notice, StatusTransition } from './types.js';

/** Events kept with their own detail beyond the events list (the open one always stays). */
export const EVENT_DETAIL_CAP = 50;

export interface ViewDataActions {
  /** The closing-soon list answered (active markets, soonest first); `sentAt`: when its request left. */
  closingLoaded(markets: Market[], at: number, sentAt?: number): void;
  /**
   * An event's own detail (one event fetched by id) answered: it replaces the list's copy (the events list's order is
   * left alone), its nested markets refresh the cache unless older (olderThanHeld, by its request's `sentAt`).
   */
  eventLoaded(event: MarketEvent, at: number, sentAt?: number): void;
  /** 404 on an event: it leaves the events list (and is closed if open), said briefly. */
  eventGone(id: string, at: number): void;
  /** The Events view opens an event (its nested markets listed) or closes it (undefined). */
  openEvent(id: string | undefined): void;
}

type Set = (fn: (s: AppState) => Partial<AppState>) => void;
type Get = () => AppState & { notice(text: string, level: Notice['level'], at: number): void };

/** Events with their own detail, oldest detail dropped beyond EVENT_DETAIL_CAP (never the open one). */
function capDetails(ev: EventsState): EventsState {
  const ids = Object.keys(ev.detailAt);
  if (ids.length <= EVENT_DETAIL_CAP) return ev;
  const listed = new Set(ev.ids);
  const byId = { ...ev.byId };
  const detailAt = { ...ev.detailAt };
  const drop = ids.filter((id) => id !== ev.openId).sort((a, b) => detailAt[a]! - detailAt[b]!);
  for (const id of drop.slice(0, ids.length - EVENT_DETAIL_CAP)) {
    delete detailAt[id];
    if (!listed.has(id)) delete byId[id];
  }
  return { ...ev, byId, detailAt };
}

/** `announce`: the store's one notice for the status changes an answer revealed (alerts checked after it). */
export function viewDataActions(
  set: Set,
  get: Get,
  announce: (seen: StatusTransition[], at: number) => void,
): ViewDataActions {
  return {
    closingLoaded(list, at, sentAt) {
      let revealed: StatusTransition[] = [];
      set((s) => {
        const { markets, history, seen } = absorb(s, list, at, false, sentAt === undefined ? {} : { sentAt });
        revealed = seen;
        const closing = { ids: list.map((m) => m.id), loadedAt: at };
        const next = { ...s, markets, history, closing };
        return {
          markets,
          history,
          closing,
          ...prune(next),
          categories: mergeCategories(
            s.categories,
            list.map((m) => m.category),
          ),
          transitions: addTransitions(s.transitions, seen),
        };
      });
      announce(revealed, at);
    },

    eventLoaded(event, at, sentAt) {
      let revealed: StatusTransition[] = [];
      set((s) => {
        // a nested copy older than the cached market (its own detail came later) leaves the cache alone (absorb)
        const absorbed = absorb(s, event.markets, at, false, sentAt === undefined ? {} : { sentAt });
        const { history, seen } = absorbed;
        revealed = seen;
        // a copy of the event older than the one held leaves it (its detail still answered: detailAt)
        const older = olderEvents(s.events, [event], sentAt);
        const byId = mergeEvents(s.events.byId, [event], older);
        const events = capDetails({
          ...s.events,
          byId,
          detailAt: { ...s.events.detailAt, [event.id]: at },
          sentAt: copyStamps(s.events.sentAt, [event], sentAt, byId, older),
          receivedAt: copyStamps(s.events.receivedAt, [event], at, byId, older),
        });
        // markets the event nests take its id, and its category when they have none
        const markets = completeFromEvents(absorbed.markets, events.byId);
        const next = { ...s, markets, history, events };
        return {
          markets,
          history,
          events,
          ...prune(next),
          categories: mergeCategories(s.categories, [event.category, ...event.markets.map((m) => m.category)]),
          transitions: addTransitions(s.transitions, seen),
        };
      });
      announce(revealed, at);
    },

    eventGone(id, at) {
      const title = get().events.byId[id]?.title;
      set((s) => {
        const byId = { ...s.events.byId };
        delete byId[id];
        const detailAt = { ...s.events.detailAt };
        delete detailAt[id];
        const { openId, ...rest } = s.events;
        return {
          events: {
            ...rest,
            ids: s.events.ids.filter((x) => x !== id),
            byId,
            detailAt,
            ...(openId !== undefined && openId !== id ? { openId } : {}),
          },
        };
      });
      get().notice(
        `${title ? `Event ${inQuotes(title)}` : `Event ${id}`} is no longer available ` +
          '(private, under review or removed).',
        'warn',
        at,
      );
    },

    openEvent(id) {
      set((s) => {
        if (s.events.openId === id) return {};
        const { openId: _o, ...rest } = s.events;
        return { events: id === undefined ? rest : { ...rest, openId: id } };
      });
    },
  };
}
