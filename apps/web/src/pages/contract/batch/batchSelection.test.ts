import type { ContractListItem } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import {
  batchOf,
  selectAllState,
  selectAllTargets,
  signableNow,
  toggleSelectAll,
} from './batchSelection';

const contract = (id: string, myAction: ContractListItem['myAction']): ContractListItem => ({
  id,
  number: `HT-${id}`,
  name: `Contract ${id}`,
  status: myAction === 'fill' ? 'filling' : 'signing',
  agreementType: 'contract',
  initiatorName: 'Li',
  initiatorPhone: '13800000000',
  initiatorCompany: null,
  signingOrder: 'parallel',
  participants: [],
  myAction,
  createdAt: '2026-11-01T00:00:00Z',
  signingStartedAt: null,
  signingDeadline: null,
});

/** A page of the todo tab: two to sign, one to fill in, one waiting for others. */
const page = [
  contract('1', 'sign'),
  contract('2', 'fill'),
  contract('3', 'sign'),
  contract('4', null),
];

describe('the contract list’s one selection for downloading and batch signing', () => {
  it('signs only the contracts whose turn to sign is the console’s', () => {
    expect(page.filter(signableNow).map(({ id }) => id)).toEqual(['1', '3']);
  });

  it('selects all the contracts to sign now, and only those, when the page has any', () => {
    expect(selectAllTargets(page)).toEqual({ ids: ['1', '3'], toSign: true });
    expect(toggleSelectAll(page, [])).toEqual(['1', '3']);
    expect(selectAllState(page, ['1', '3'])).toBe('all');
  });

  it('selects every contract of a page with nothing to sign, to download them all', () => {
    const completed = [contract('5', null), contract('6', 'rescind')];
    expect(selectAllTargets(completed)).toEqual({ ids: ['5', '6'], toSign: false });
    expect(toggleSelectAll(completed, [])).toEqual(['5', '6']);
  });

  it('keeps rows ticked for downloading when select all adds or takes back its own', () => {
    expect(toggleSelectAll(page, ['4'])).toEqual(['4', '1', '3']);
    expect(selectAllState(page, ['4', '1'])).toBe('some');
    expect(toggleSelectAll(page, ['4', '1'])).toEqual(['4', '1', '3']);
    expect(toggleSelectAll(page, ['4', '1', '3'])).toEqual(['4']);
    expect(selectAllState(page, ['4'])).toBe('none');
  });

  it('batches the selected contracts to sign, in the page’s order, leaving the others out', () => {
    expect(batchOf(page, ['4', '3', '2', '1']).map(({ id }) => id)).toEqual(['1', '3']);
    expect(batchOf(page, ['2', '4'])).toEqual([]);
  });
});
