import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  BATCH_SIGN_EXAMPLES,
  BATCH_SIGN_MAX,
  batchSignCreateBody,
  batchSignInfoQuery,
} from './batch-sign';
import { check } from './index';

const messagesOf = (value: unknown, locale: 'en' | 'zh' = 'en') => {
  const result = check(batchSignCreateBody, value, locale);
  return result.ok ? [] : result.issues.map((issue) => issue.message);
};

describe('contract/createBatchSign body', () => {
  it('takes the selection with one seal and one SMS code, ids as numbers or digit strings', () => {
    expect(z.parse(batchSignCreateBody, BATCH_SIGN_EXAMPLES.create.body).ids).toEqual([
      1024, 1025, 1026, 1027,
    ]);
    expect(
      z.parse(batchSignCreateBody, { ids: ['7', 8], sealId: '3', ticket: 'abc' }),
    ).toMatchObject({ ids: [7, 8], ticket: 'abc' });
  });

  it('needs exactly one confirmation: a code or a ticket', () => {
    expect(messagesOf({ ids: [1], sealId: '3' })).toEqual([
      'Confirm the batch with a verification code or a face check',
    ]);
    expect(messagesOf({ ids: [1], sealId: '3', code: '123456', ticket: 't' }, 'zh')).toEqual([
      '请通过验证码或人脸识别确认批量签署',
    ]);
    expect(messagesOf({ ids: [1], sealId: '3', code: '12345' })).toEqual([
      'The verification code is 6 digits',
    ]);
  });

  it('refuses an empty, repeated or too large selection and a missing seal, in the user’s language', () => {
    expect(messagesOf({ ids: [], sealId: '3', code: '123456' })).toEqual([
      'None of the selected contracts can be signed by you now',
    ]);
    expect(messagesOf({ ids: [5, '5'], sealId: '3', code: '123456' })).toEqual([
      'A contract is selected more than once',
    ]);
    const many = Array.from({ length: BATCH_SIGN_MAX + 1 }, (_, i) => i + 1);
    expect(messagesOf({ ids: many, sealId: '3', code: '123456' }, 'zh')).toEqual([
      `一次批量签署最多 ${BATCH_SIGN_MAX} 份合同`,
    ]);
    expect(messagesOf({ ids: [1], sealId: '', code: '123456' })).toEqual([
      'A seal must be picked before signing',
    ]);
  });
});

describe('contract/getBatchSignInfo query', () => {
  it('takes a positive id from the query string', () => {
    expect(z.parse(batchSignInfoQuery, { id: '58' })).toEqual({ id: 58 });
    expect(z.safeParse(batchSignInfoQuery, { id: '0' }).success).toBe(false);
  });

  it('has examples whose counts agree with their items', () => {
    for (const info of [
      BATCH_SIGN_EXAMPLES.create.answer,
      BATCH_SIGN_EXAMPLES.running,
      BATCH_SIGN_EXAMPLES.finished,
    ]) {
      const states = info.items.map((item) => item.state);
      expect(info.total).toBe(states.length);
      expect(info.signed).toBe(states.filter((s) => s === 'signed').length);
      expect(info.failed).toBe(states.filter((s) => s === 'failed').length);
      expect(info.remaining).toBe(states.filter((s) => s === 'waiting' || s === 'signing').length);
    }
  });
});
