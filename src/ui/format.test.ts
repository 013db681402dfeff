import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import {
  fitWidth,
  formatAge,
  changeLegend,
  formatChange,
  formatCoarseAge,
  formatClosesIn,
  formatMoney,
  formatPrice,
  formatPriceDelta,
  formatPriceMove,
  formatVolume,
  padStartWidth,
  secondsUntil,
} from './format.js';

describe('format', () => {
  it('shows — for anything it cannot show, never NaN or undefined', () => {
    for (const v of [undefined, null, NaN, Infinity, '12', {}, -Infinity]) {
      for (const f of [formatPrice, formatVolume, formatAge, formatMoney]) expect(f(v)).toBe('—');
      expect(formatChange(v).text).toBe('—');
      expect(formatClosesIn(v, 0)).toBe('—');
    }
  });

  it('shows a price impact signed in cents, like the prices (the server sends it absolute, 0..1 units)', () => {
    expect(formatPriceDelta(0.0092)).toBe('+0.9¢');
    expect(formatPriceDelta(0.0023)).toBe('+0.2¢');
    expect(formatPriceDelta(-0.004)).toBe('−0.4¢');
    expect(formatPriceDelta(0.0003)).toBe('+0.03¢');
    expect(formatPriceDelta(0)).toBe('±0.0¢');
    // above zero, under what two decimals show: not none
    expect(formatPriceDelta(0.00003)).toBe('+<0.01¢');
    expect(formatPriceDelta(-0.00003)).toBe('−<0.01¢');
    for (const v of [undefined, NaN, '0.1', Infinity]) expect(formatPriceDelta(v)).toBe('—');
  });

  it('a price move and its impact at one precision, the impact the difference of the prices shown', () => {
    // Polymarket 2252243's recorded book: the mid 0.0145 (a float just under), the best ask 0.015
    const mid = 0.014499999999999999;
    expect(formatPriceMove(mid, 0.015, 0.015 - mid)).toEqual(['1.45¢', '1.50¢', '+0.05¢']);
    // the midpoint at its two decimals on a move of a tenth of a cent or more too, the impact the true one (+0.35¢):
    // it read '1.5¢ → 1.8¢ · +0.3¢', the mid rounded up here and down in the book pane ('mid 1.4¢')
    expect(formatPriceMove(mid, 0.018, 0.018 - mid)).toEqual(['1.45¢', '1.80¢', '+0.35¢']);
    // a sale from that mid: −0.15¢, not the −0.2¢ of 1.5¢ → 1.3¢
    expect(formatPriceMove(mid, 0.013, 0.013 - mid)).toEqual(['1.45¢', '1.30¢', '−0.15¢']);
    // Manifold's pool, 100 mana on CL56c9sqQp: 38.021¢ → 39.866¢ (+1.845¢) adds up as shown, +1.9¢
    expect(formatPriceMove(0.38021, 0.39866, 0.39866 - 0.38021)).toEqual(['38.0¢', '39.9¢', '+1.9¢']);
    // one decimal where it adds up; a fall; no move; two decimals under a tenth of a cent, three under a hundredth
    expect(formatPriceMove(0.635, 0.6442, 0.6442 - 0.635)).toEqual(['63.5¢', '64.4¢', '+0.9¢']);
    expect(formatPriceMove(0.5, 0.496, -0.004)).toEqual(['50.0¢', '49.6¢', '−0.4¢']);
    expect(formatPriceMove(0.5, 0.5, 0)).toEqual(['50.0¢', '50.0¢', '±0.0¢']);
    expect(formatPriceMove(0.50004, 0.50016, 0.00012)).toEqual(['50.00¢', '50.02¢', '+0.02¢']);
    expect(formatPriceMove(0.50004, 0.50008, 0.00004)).toEqual(['50.004¢', '50.008¢', '+0.004¢']);
    // a move under a thousandth of a cent (0.001 on the demo's pool): it read '6.2¢ → 6.2¢ · ±0.0¢', as if none, and
    // a price on a tick's edge '6.2¢ → 6.3¢ · +0.1¢' for the same move; now at three decimals, under their step
    expect(formatPriceMove(0.062, 0.0620001, 0.0000001)).toEqual(['6.200¢', '6.200¢', '+<0.001¢']);
    expect(formatPriceMove(0.0624999, 0.0625001, 0.0000002)).toEqual(['6.250¢', '6.250¢', '+<0.001¢']);
    expect(formatPriceMove(0.4, 0.3999999, -0.0000001)).toEqual(['40.000¢', '40.000¢', '−<0.001¢']);
    expect(formatPriceMove(0.1 + 0.2, 0.3, 0.3 - (0.1 + 0.2))).toEqual(['30.0¢', '30.0¢', '±0.0¢']);
    // an impact the prices do not make, or a figure missing: each as it is
    expect(formatPriceMove(0.2, 0.3, 0.5)).toEqual(['20.0¢', '30.0¢', '+50.0¢']);
    expect(formatPriceMove(undefined, 0.3, undefined)).toEqual(['—', '30.0¢', '—']);
  });

  it('formats prices as cents and changes with arrows', () => {
    expect(formatPrice(0.635)).toBe('63.5¢');
    expect(formatPrice(1)).toBe('100.0¢');
    // one rule everywhere: a midpoint between two 0.1¢ ticks keeps its two decimals (the book said 'mid 1.4¢')
    expect(formatPrice(0.014499999999999999)).toBe('1.45¢');
    expect(formatPrice(0.0145)).toBe('1.45¢');
    expect(formatPrice((0.52 + 0.53) / 2)).toBe('52.5¢');
    expect(formatPrice(0.38021)).toBe('38.0¢');
    expect(formatChange(0.021)).toEqual({ text: '▲2.1¢', dir: 'up' });
    expect(formatChange(-0.004)).toEqual({ text: '▼0.4¢', dir: 'down' });
    expect(formatChange(0.0001)).toEqual({ text: '·0.0¢', dir: 'flat' });
    // the service's own 24 h figure: hollow arrows, keyed in the list title
    expect(formatChange(0.8035, '24h')).toEqual({ text: '△80.3¢', dir: 'up' });
    expect(formatChange(-0.005, '24h')).toEqual({ text: '▽0.5¢', dir: 'down' });
    expect(changeLegend(false, true)).toBe('');
    expect(changeLegend(true, false)).toBe(' · △ 24h change');
    expect(changeLegend(true, true)).toBe(' · △24h ▲since seen');
  });

  it('formats volume, ages and closing times', () => {
    expect(formatVolume(950)).toBe('950');
    expect(formatVolume(12_345)).toBe('12.3k');
    expect(formatVolume(4_500_000)).toBe('4.5M');
    expect(formatVolume(999_999)).toBe('1.0M');
    expect(formatAge(5_400)).toBe('5s');
    expect(formatAge(3 * 60_000 + 10)).toBe('3m');
    expect(formatAge(2 * 3600_000)).toBe('2h');
    // coarse: 10 s steps below a minute, then as formatAge
    expect([0, 9_999, 10_000, 31_000, 59_999].map(formatCoarseAge)).toEqual(['0s', '0s', '10s', '30s', '50s']);
    expect(formatCoarseAge(3 * 60_000 + 10)).toBe('3m');
    expect(formatCoarseAge(Number.NaN)).toBe('—');
    expect(formatAge(-5)).toBe('0s');
    const now = Date.UTC(2026, 0, 1);
    expect(formatClosesIn(now + (3 * 86_400 + 4 * 3600) * 1000, now)).toBe('in 3d 4h');
    expect(formatClosesIn(now + 12 * 60_000, now)).toBe('in 12m');
    expect(formatClosesIn(now - 2 * 3600_000, now)).toBe('2h ago');
    expect(secondsUntil(now + 11_200, now)).toBe(12);
    expect(secondsUntil(now - 1, now)).toBe(0);
  });

  it('cuts by display width without splitting CJK or emoji', () => {
    const cjk = '選挙の結果はどうなるか';
    const cut = fitWidth(cjk, 9);
    expect(stringWidth(cut)).toBeLessThanOrEqual(9);
    expect(cut.endsWith('…')).toBe(true);
    expect(stringWidth(fitWidth(cjk, 9, true))).toBe(9);
    const emoji = '👨‍👩‍👧‍👦 family 🇺🇸 flag';
    for (let w = 1; w < 20; w++) {
      const f = fitWidth(emoji, w, true);
      expect(stringWidth(f)).toBe(w);
      expect(f).not.toContain('\uFFFD');
    }
    expect(fitWidth('abc', 0)).toBe('');
    expect(padStartWidth('ab', 4)).toBe('  ab');
  });
});
