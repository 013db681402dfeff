/**
 * bench:render's requests: what the dashboard asked each platform's replay for during a run's idle window, route by
 * route, from the replay's request log (`serve --replay --log-requests`, replays.ts). With `all` it shows which venue
 * holds the board's selection (its detail and book polled, as alone) and that the others send only their list and
 * what else is due (docs/rate-budget.md § Several venues on one board).
 */
import type { Platform } from './replays.js';
import { parseLog } from './sources.js';

export interface VenueRequests {
  /** Requests a minute in the window. */
  perMin: number;
  /** Per route (the path without its query, ids kept): requests a minute. */
  routes: Record<string, number>;
}

/** The requests a replay logged between `from` and `to` (wall-clock ms), a minute's worth. */
export function requestsIn(out: string, from: number, to: number): VenueRequests {
  const minutes = (to - from) / 60_000;
  const routes: Record<string, number> = {};
  let n = 0;
  for (const r of parseLog(out)) {
    if (r.at < from || r.at >= to) continue;
    const route = r.path.replace(/\?.*$/, '');
    routes[route] = (routes[route] ?? 0) + 1;
    n++;
  }
  const perMin = (x: number) => (minutes > 0 ? Math.round((x / minutes) * 10) / 10 : 0);
  return {
    perMin: perMin(n),
    routes: Object.fromEntries(
      Object.entries(routes)
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([k, v]) => [k, perMin(v)]),
    ),
  };
}

/**
 * One line per run: each venue's requests a minute and its routes, the busiest first; routes asked at most once in
 * the window (a list row's detail asked for once per 10 min, say) are summed as `N others`.
 */
export function requestsLine(label: string, byVenue: Partial<Record<Platform, VenueRequests>>): string {
  const venues = Object.entries(byVenue).map(([venue, r]) => {
    const routes = Object.entries(r.routes);
    const many = routes.filter(([, n]) => n > 1.5);
    const few = routes.filter(([, n]) => n <= 1.5);
    const fewSum = Math.round(few.reduce((a, [, n]) => a + n, 0) * 10) / 10;
    const parts = [
      ...many.map(([route, n]) => `${route} ${n}`),
      ...(few.length ? [`${few.length} other routes ${fewSum}`] : []),
    ];
    return `${venue} ${r.perMin} (${parts.join(', ')})`;
  });
  return `- ${label}: ${venues.join('; ')}`;
}
