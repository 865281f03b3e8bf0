import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { message } from './messages';
import {
  ORDER_EVENTS,
  ORDER_STATUSES,
  ORDER_STATUS_READINGS,
  buildOrderBody,
  formatYuan,
  nextOrderStatus,
  parseYuan,
} from './orders';
import './index';

describe('money in fen', () => {
  it('shows fen as yuan with two decimals and thousands separators', () => {
    expect(formatYuan(0)).toBe('¥0.00');
    expect(formatYuan(5)).toBe('¥0.05');
    expect(formatYuan(123_450)).toBe('¥1,234.50');
    expect(formatYuan(600_000, 'zh')).toBe('¥6,000.00');
  });

  it('refuses what is not a whole number of fen', () => {
    for (const bad of [0.5, -1, Number.NaN, 2 ** 60]) expect(() => formatYuan(bad)).toThrow();
  });

  it('reads yuan by its digits, never through floating point', () => {
    expect(parseYuan('12')).toBe(1200);
    expect(parseYuan('12.5')).toBe(1250);
    expect(parseYuan('¥1,234.50')).toBe(123_450);
    // 0.1 + 0.2 in floating point is 0.30000000000000004; in fen it is 30.
    expect(parseYuan('0.1')! + parseYuan('0.2')!).toBe(parseYuan('0.3'));
    expect(parseYuan('1.005')).toBeNull();
    expect(parseYuan('-3')).toBeNull();
    expect(parseYuan('1,23')).toBeNull();
    expect(parseYuan('abc')).toBeNull();
  });
});

describe('the order state machine', () => {
  it('pays an unpaid order into effect, or pending effect when it starts later', () => {
    expect(nextOrderStatus('pendingPayment', 'pay')).toEqual({ to: 'inEffect', reason: null });
    expect(nextOrderStatus('pendingPayment', 'pay', { startsLater: true })).toEqual({
      to: 'pendingEffect',
      reason: null,
    });
    expect(nextOrderStatus('pendingEffect', 'start')).toEqual({ to: 'inEffect', reason: null });
  });

  it('never pays an order twice, nor one that lapsed, was cancelled or ended', () => {
    for (const status of ['pendingEffect', 'inEffect', 'invalid', 'terminated'] as const) {
      expect(nextOrderStatus(status, 'pay'), status).toBeNull();
    }
  });

  it('voids unpaid orders and expires paid ones, with the reason', () => {
    expect(nextOrderStatus('pendingPayment', 'lapse')).toEqual({ to: 'invalid', reason: 'lapsed' });
    expect(nextOrderStatus('pendingPayment', 'cancel')).toEqual({
      to: 'invalid',
      reason: 'cancelled',
    });
    expect(nextOrderStatus('inEffect', 'expire')).toEqual({ to: 'invalid', reason: 'expired' });
    expect(nextOrderStatus('inEffect', 'cancel')).toBeNull();
    expect(nextOrderStatus('pendingPayment', 'terminate')).toBeNull();
  });

  it('ends in invalid and terminated, which accept nothing', () => {
    for (const event of ORDER_EVENTS) {
      expect(nextOrderStatus('invalid', event)).toBeNull();
      expect(nextOrderStatus('terminated', event)).toBeNull();
    }
  });

  it('maps every status of both of the spec’s readings onto one of its own', () => {
    for (const statuses of Object.values(ORDER_STATUS_READINGS)) {
      for (const ours of Object.values(statuses)) {
        expect(ORDER_STATUSES).toContain(ours.split(' ')[0]);
      }
    }
    const covered = new Set(
      Object.values(ORDER_STATUS_READINGS).flatMap((s) =>
        Object.values(s).map((v) => v.split(' ')[0]),
      ),
    );
    expect([...covered].sort()).toEqual([...ORDER_STATUSES].sort());
  });
});

describe('a purchase', () => {
  it('needs the purchase agreement accepted, in the user’s language', () => {
    const refused = z.safeParse(buildOrderBody, { packageId: 1, agreement: false });
    expect(refused.success).toBe(false);
    const key = refused.error!.issues[0]!.message;
    expect(message(key, 'en')).toBe('Please read and accept the purchase agreement');
    expect(message(key, 'zh')).toBe('请阅读并同意购买协议');
    expect(z.safeParse(buildOrderBody, { packageId: '7', agreement: true }).data).toEqual({
      packageId: 7,
      quantity: 1,
      agreement: true,
    });
    expect(
      z.safeParse(buildOrderBody, { packageId: 7, agreement: true, quantity: 0.5 }).success,
    ).toBe(false);
  });
});
