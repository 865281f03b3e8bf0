import { FEE_MESSAGES } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { noSigningsMall } from './noSignings';

describe('the refusal of an initiation without a signing', () => {
  it('names the console’s mall the server gives', () => {
    expect(noSigningsMall({ mall: '/enterprise-console/mall' })).toBe('/enterprise-console/mall');
    expect(noSigningsMall({ mall: '/user-center/mall' })).toBe('/user-center/mall');
  });

  it('is not any other refusal, nor a place outside the malls', () => {
    expect(noSigningsMall(null)).toBeNull();
    expect(noSigningsMall([{ party: 'B', name: 'Liu Yang' }])).toBeNull();
    expect(noSigningsMall({ mall: 'https://elsewhere.example/' })).toBeNull();
    expect(noSigningsMall(FEE_MESSAGES.noSigningsLeft.en)).toBeNull();
  });
});
