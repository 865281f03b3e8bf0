import type { ContractListItem, ContractListParty } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { whoseTurn } from './contractTurn';

const party = (letter: string, change: Partial<ContractListParty> = {}): ContractListParty => ({
  party: letter,
  name: `Party ${letter}`,
  phone: '13800000000',
  companyName: null,
  signs: true,
  fills: false,
  filledAt: null,
  signedAt: null,
  refusedAt: null,
  ...change,
});

const contract = (change: Partial<ContractListItem>): ContractListItem => ({
  id: 'c1',
  number: 'HT-1',
  name: 'Lease',
  status: 'signing',
  agreementType: 'lease',
  initiatorName: 'Li',
  initiatorPhone: '13800000000',
  initiatorCompany: null,
  signingOrder: 'parallel',
  participants: [],
  myAction: null,
  createdAt: '2026-11-01T00:00:00Z',
  signingStartedAt: null,
  signingDeadline: null,
  ...change,
});

const letters = (turn: ReturnType<typeof whoseTurn>) =>
  turn === 'me' ? 'me' : turn.map(({ party }) => party);

describe('whose turn a contract of the list waits for', () => {
  it('is the console’s own when it has a move to make', () => {
    expect(whoseTurn(contract({ myAction: 'sign', participants: [party('A')] }))).toBe('me');
  });

  it('is the first unsigned signer in a sequential order, every unsigned one in parallel', () => {
    const participants = [party('A', { signedAt: '2026-11-02T00:00:00Z' }), party('B'), party('C')];
    expect(letters(whoseTurn(contract({ participants, signingOrder: 'sequential' })))).toEqual([
      'B',
    ]);
    expect(letters(whoseTurn(contract({ participants })))).toEqual(['B', 'C']);
  });

  it('is those still filling in while the contract is filled, and nobody once it ended', () => {
    const participants = [
      party('A', { fills: true, filledAt: '2026-11-02T00:00:00Z' }),
      party('B', { fills: true }),
    ];
    expect(letters(whoseTurn(contract({ status: 'filling', participants })))).toEqual(['B']);
    expect(letters(whoseTurn(contract({ status: 'completed', participants })))).toEqual([]);
  });
});
