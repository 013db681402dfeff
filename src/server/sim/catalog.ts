/**
 * Title material for the simulator: per category, the subjects of its events and
 * templates for binary and multi-outcome markets. All people and parties are
 * fictional. A few titles carry CJK and emoji so the UI's width handling is
 * exercised by ordinary data.
 */
import type { Rng } from './prng.js';

export interface MarketSpec {
  title: string;
  /** Two entries = binary Yes/No market. */
  outcomes: string[];
}

export interface Ctx {
  rng: Rng;
  month: string;
  year: number;
}

export interface CategorySpec {
  name: string;
  subjects: string[];
  event(subject: string, c: Ctx): string;
  binary: ((s: string, c: Ctx) => string)[];
  multi: ((s: string, c: Ctx) => MarketSpec)[];
}

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const NAMES = [
  'A. Moreau',
  'K. Tanaka',
  'L. Okafor',
  'M. Lindqvist',
  'R. Alvarez',
  'S. Novak',
  'T. Brennan',
  'V. Iyer',
  'D. Haddad',
  'E. Kowalski',
  'J. Mbeki',
  'P. Castellano',
  'Y. Sato',
  'N. Petrova',
];
const YES_NO = ['Yes', 'No'];

const pickN = (c: Ctx, pool: readonly string[], lo: number, hi: number): string[] =>
  c.rng.shuffle(pool).slice(0, c.rng.int(lo, Math.min(hi, pool.length)));
const num = (c: Ctx, lo: number, hi: number, step: number): number => Math.round(c.rng.range(lo, hi) / step) * step;

export const CATEGORIES: CategorySpec[] = [
  {
    name: 'Politics',
    subjects: ['Canada', 'Germany', 'Japan', 'Brazil', 'Australia', 'Chile', 'Kenya', 'Norway', 'Portugal', '台湾'],
    event: (s, c) => `${s} general election ${c.year}`,
    binary: [
      (s) => `Will the governing party win the most seats in ${s}?`,
      (s, c) => `Will turnout in ${s} exceed ${num(c, 55, 80, 1)}%?`,
      (s, c) => `Will ${s} call a snap election before ${c.month}?`,
      (s) => `Will a coalition government be formed in ${s} within 60 days?`,
    ],
    multi: [
      (s, c) => ({ title: `Who will lead the next government of ${s}?`, outcomes: pickN(c, NAMES, 3, 5) }),
      (s) => ({
        title: `Largest party in the ${s} parliament`,
        outcomes: ['Progressive Alliance', 'Civic Union', 'Green Front', 'National Renewal'],
      }),
    ],
  },
  {
    name: 'Sports',
    subjects: ['Champions League', 'NBA Playoffs', 'Rugby World Cup', 'Cricket World Cup', 'Copa América', 'J1リーグ'],
    event: (s, c) => `${s} ${c.year}`,
    binary: [
      (s) => `Will the defending champion win the ${s} again? 🏆`,
      (s) => `Will a record be broken at the ${s}?`,
      (s, c) => `Will the ${s} final draw more than ${num(c, 5, 40, 5)} million viewers?`,
      (s) => `Will an underdog reach the last four of the ${s}?`,
    ],
    multi: [
      (s, c) => ({
        title: `Winner of the ${s}`,
        outcomes: pickN(
          c,
          ['Northbridge FC', 'Harbor City', 'Red Valley', 'Atlético Sur', 'Lakeside United', 'Kyoto Hawks'],
          3,
          6,
        ),
      }),
      (s, c) => ({ title: `Top scorer at the ${s}`, outcomes: pickN(c, NAMES, 3, 4) }),
    ],
  },
  {
    name: 'Crypto',
    subjects: ['Bitcoin', 'Ethereum', 'Solana', 'Cardano', 'Dogecoin 🐕', 'XRP'],
    event: (s, c) => `${s} price in ${c.month}`,
    binary: [
      (s, c) => `Will ${s} close above $${num(c, 1, 150, 1)}k on ${c.month} 30?`,
      (s, c) => `Will ${s} hit a new all-time high in ${c.month}? 🚀`,
      (s, c) => `Will ${s} drop below its ${c.month} 1 opening price?`,
      (s) => `Will a ${s} spot ETF see net inflows this week?`,
    ],
    multi: [
      (s, c) => ({
        title: `${s} monthly return, ${c.month}`,
        outcomes: ['Below −10%', '−10% to 0%', '0% to +10%', 'Above +10%'],
      }),
      (s) => ({
        title: `Best-performing coin vs ${s} this quarter`,
        outcomes: ['Bitcoin', 'Ethereum', 'Solana', 'Other'],
      }),
    ],
  },
  {
    name: 'Economics',
    subjects: ['US CPI', 'Fed rates', 'ECB rates', 'US jobs report', 'Oil prices', '日本銀行'],
    event: (s, c) => `${s}: ${c.month} ${c.year}`,
    binary: [
      (s, c) => `Will ${s} surprise to the upside in ${c.month}?`,
      (s, c) => `Will the ${s} decision in ${c.month} be a cut?`,
      (s, c) => `Will the headline ${s} figure exceed ${num(c, 1, 5, 0.1).toFixed(1)}%?`,
      (s) => `Will markets price a recession after the ${s} release?`,
    ],
    multi: [
      (s, c) => ({
        title: `${s} in ${c.month}: what happens?`,
        outcomes: ['Cut 50bp+', 'Cut 25bp', 'No change', 'Hike'],
      }),
      (s) => ({ title: `${s} year-on-year reading`, outcomes: ['Under 2%', '2.0–2.9%', '3.0–3.9%', '4% or more'] }),
    ],
  },
  {
    name: 'Science',
    subjects: ['Starship', 'Artemis', 'Fusion research', 'Mars sample return', 'CERN', 'Gene therapy'],
    event: (s, c) => `${s} milestones ${c.year}`,
    binary: [
      (s, c) => `Will ${s} reach its next milestone before ${c.month}? 🚀`,
      (s) => `Will ${s} publish a peer-reviewed breakthrough this year?`,
      (s, c) => `Will ${s} be delayed past ${c.month} ${c.year}?`,
      (s) => `Will ${s} get a budget increase? 🔬`,
    ],
    multi: [
      (s) => ({
        title: `Next ${s} test outcome`,
        outcomes: ['Full success', 'Partial success', 'Scrubbed', 'Failure'],
      }),
      (s, c) => ({ title: `When will ${s} next make headlines?`, outcomes: pickN(c, MONTHS, 3, 5) }),
    ],
  },
  {
    name: 'Culture',
    subjects: ['Film awards', 'Box office', 'Music charts', 'Streaming', '鬼滅の刃', 'Video games'],
    event: (s, c) => `${s} ${c.year} 🎬`,
    binary: [
      (s) => `Will a debut work top the ${s} list?`,
      (s, c) => `Will the ${s} leader earn over $${num(c, 50, 900, 10)}M?`,
      (s) => `Will the ${s} buzz trend worldwide for a week?`,
      (s) => `Will a sequel win big at the ${s}? 👨‍👩‍👧`,
    ],
    multi: [
      (s) => ({
        title: `Top title at the ${s}`,
        outcomes: ['The Long Harbor', 'Paper Moons', 'Quiet Engines', 'Salt & Iron', '夜明けの街'],
      }),
      (s, c) => ({ title: `Breakout star of the ${s}`, outcomes: pickN(c, NAMES, 3, 5) }),
    ],
  },
  {
    name: 'Tech',
    subjects: ['AI models', 'Smartphones', 'Chipmakers', 'Open source', 'VR headsets', 'Electric vehicles'],
    event: (s, c) => `${s} race ${c.year}`,
    binary: [
      (s, c) => `Will a new leader emerge in ${s} by ${c.month}?`,
      (s) => `Will ${s} sales grow year-on-year?`,
      (s) => `Will regulators open a probe into ${s}?`,
      (s, c) => `Will ${s} ship a flagship launch in ${c.month}? 📱`,
    ],
    multi: [
      (s) => ({
        title: `Market leader in ${s} at year end`,
        outcomes: ['Arcturus', 'Nimbus Labs', 'Quanta', 'Helix Systems', 'Other'],
      }),
      (s) => ({
        title: `Biggest ${s} announcement venue`,
        outcomes: ['Spring keynote', 'Developer conference', 'Autumn event'],
      }),
    ],
  },
  {
    name: 'Climate',
    subjects: ['Atlantic hurricanes', 'Arctic sea ice', 'European heat', 'Monsoon', 'Global temperature', 'Wildfires'],
    event: (s, c) => `${s} ${c.year}`,
    binary: [
      (s, c) => `Will ${s} set a record in ${c.month}? 🌡️`,
      (s, c) => `Will ${s} exceed the 30-year average by ${num(c, 5, 30, 5)}%?`,
      (s) => `Will ${s} be declared an emergency this season?`,
      (s) => `Will ${s} data be revised upward?`,
    ],
    multi: [
      (s) => ({ title: `${s}: season severity`, outcomes: ['Below normal', 'Near normal', 'Above normal', 'Extreme'] }),
      (s) => ({ title: `${s}: peak month`, outcomes: ['July', 'August', 'September', 'October'] }),
    ],
  },
];

export function marketSpecs(cat: CategorySpec, subject: string, c: Ctx, count: number): MarketSpec[] {
  const binaries = c.rng.shuffle(cat.binary);
  const multis = c.rng.shuffle(cat.multi);
  const out: MarketSpec[] = [];
  const seen = new Set<string>();
  let bi = 0;
  let mi = 0;
  for (let i = 0; out.length < count && i < count * 4; i++) {
    const useMulti = i % 3 === 2 || bi >= binaries.length;
    const spec: MarketSpec = useMulti
      ? (multis[mi++ % multis.length] as CategorySpec['multi'][number])(subject, c)
      : { title: (binaries[bi++] as CategorySpec['binary'][number])(subject, c), outcomes: YES_NO };
    if (seen.has(spec.title)) continue;
    seen.add(spec.title);
    out.push(spec);
  }
  return out;
}
