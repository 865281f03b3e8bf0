import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { AUDIT_ACTIONS, CONTRACT_STATUSES } from './contracts';
import {
  CALLBACK_EVENT_TYPES,
  INTEGRATION_EXAMPLES,
  accessPartySaveBody,
  callbackEventsOf,
  callbackSaveBody,
  isHttpUrl,
} from './integrations';
import { localizeIssues } from './validation';
import './index';

const refusal = (body: unknown, locale: 'en' | 'zh' = 'en') => {
  const parsed = z.safeParse(callbackSaveBody, body);
  return parsed.success ? null : localizeIssues(parsed.error, locale)[0];
};

describe('application access rules', () => {
  it('maps every notification type from audit actions that exist, to one label each in en and zh', () => {
    for (const info of CALLBACK_EVENT_TYPES) {
      for (const action of info.actions) expect(AUDIT_ACTIONS).toContain(action);
      if ('status' in info) expect(CONTRACT_STATUSES).toContain(info.status);
      expect(info.label.en).not.toBe('');
      expect(info.label.zh).not.toBe('');
    }
    expect(new Set(CALLBACK_EVENT_TYPES.map((info) => info.type)).size).toBe(
      CALLBACK_EVENT_TYPES.length,
    );
    expect(callbackEventsOf('sign', 'signing')).toEqual(['contract.signed']);
    expect(callbackEventsOf('sign', 'completed')).toEqual([
      'contract.signed',
      'contract.completed',
    ]);
    expect(callbackEventsOf('rescind', 'completed')).toEqual([]);
    expect(callbackEventsOf('rescind', 'cancelled')).toEqual(['contract.rescinded']);
    expect(callbackEventsOf('reject_approval', 'draft')).toEqual(['approval.decided']);
    expect(callbackEventsOf('view', 'signing')).toEqual([]);
  });

  it('says the timeouts and retries must be numeric (spec 001 §5), then within bounds', () => {
    const body = INTEGRATION_EXAMPLES.callbackSaveBody;
    expect(refusal(body)).toBeNull();
    expect(refusal({ ...body, connectTimeoutMs: 'fast' })).toMatchObject({
      path: 'connectTimeoutMs',
      message: 'The connection timeout must be numeric',
    });
    expect(refusal({ ...body, responseTimeoutMs: null }, 'zh')?.message).toBe(
      '响应超时时间必须为数字',
    );
    expect(refusal({ ...body, maxRetries: -1 })?.message).toBe('The maximum retries is 0 to 10');
    expect(refusal({ ...body, maxRetries: 1.5 })?.message).toBe(
      'The maximum retries must be numeric',
    );
    expect(refusal({ ...body, maxRetries: 10 })).toBeNull();
    expect(refusal({ ...body, responseTimeoutMs: 30_001 })?.message).toBe(
      'The response timeout is 100 to 30000 ms',
    );
    expect(z.parse(callbackSaveBody, { ...body, maxRetries: ' 3 ' }).maxRetries).toBe(3);
  });

  it('takes only http(s) URLs without credentials', () => {
    expect(isHttpUrl('https://erp.example.com/hooks?x=1')).toBe(true);
    expect(isHttpUrl('http://127.0.0.1:8080/')).toBe(true);
    for (const url of [
      'ftp://example.com',
      'javascript:alert(1)',
      '/relative',
      'https://u:p@x.com/',
    ]) {
      expect(isHttpUrl(url), url).toBe(false);
    }
  });

  it('refuses an associated company named twice, and keeps its examples valid', () => {
    const twice = z.safeParse(accessPartySaveBody, { name: 'ERP', companyIds: ['7', 7] });
    expect(twice.success).toBe(false);
    expect(z.parse(accessPartySaveBody, INTEGRATION_EXAMPLES.saveBody)).toEqual({
      name: 'ERP',
      companyIds: [7],
    });
  });
});
