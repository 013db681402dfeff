/** The one market factory of the tests: view-model markets, binary unless told otherwise. */
import type { Market, Outcome } from '../../src/api/types.js';

/** Yes at `yes`, No at the rest. */
export function binary(yes: number): Outcome[] {
  return [
    { name: 'Yes', price: yes },
    { name: 'No', price: 1 - yes },
  ];
}

/** An active binary market titled `Market <id>` at Yes 60¢, with `over` applied. */
export function market(id: string, over: Partial<Market> = {}): Market {
  return { id, title: `Market ${id}`, status: 'active', outcomes: binary(0.6), raw: {}, ...over };
}

/** Market `m<n>`, "Market number <n>", with prices, volume, category and a close time that vary with n. */
export function makeMarket(n: number, over: Partial<Market> = {}): Market {
  const yes = 0.3 + ((n * 7) % 50) / 100;
  return market(`m${n}`, {
    title: `Market number ${n}`,
    category: n % 2 ? 'politics' : 'sports',
    outcomes: [
      { id: 'y', name: 'Yes', price: yes },
      { id: 'n', name: 'No', price: 1 - yes },
    ],
    volume: 1000 * n + 500,
    liquidity: 200 * n,
    closesAt: Date.UTC(2026, 11, 1),
    updatedAt: 0,
    ...over,
  });
}
