import type { ContractDetail, ContractDetailParty, TemplateParty } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import {
  canUrgeNow,
  contractMoves,
  fillingParty,
  lockHeldByOther,
  partyProgress,
  signingParty,
  takesLock,
  waitingOn,
} from './contractMoves';

const party = (
  letter: TemplateParty,
  fields: Partial<ContractDetailParty> = {},
): ContractDetailParty => ({
  party: letter,
  kind: 'person',
  name: `Party ${letter}`,
  phone: `1380000000${letter.charCodeAt(0) - 64}`,
  companyName: null,
  registered: true,
  companyVerified: false,
  signs: true,
  fills: false,
  position: letter.charCodeAt(0) - 65,
  filledAt: null,
  signedAt: null,
  refusedAt: null,
  refusalReason: null,
  ...fields,
});

const detail = (fields: Partial<ContractDetail> = {}): ContractDetail => ({
  id: '1',
  number: 'HT1',
  name: 'Lease',
  status: 'signing',
  agreementType: 'contract',
  signingOrder: 'parallel',
  templateId: null,
  documentId: 'd',
  initiatorName: 'Admin',
  initiatorPhone: '13800000002',
  initiatorCompany: 'Demo Technology Co., Ltd.',
  createdAt: '2026-11-24T08:00:00Z',
  signingStartedAt: '2026-11-24T08:00:00Z',
  signingDeadline: null,
  participants: [party('A'), party('B')],
  receivers: [],
  project: null,
  stampLocations: [],
  pdfSha256: null,
  pdfLink: null,
  pdfLinkExpiresAt: null,
  myParties: [],
  myActions: [],
  ...fields,
});

describe('the moves a contract’s details offer', () => {
  it('put the session’s own moves first, then download and the evidence', () => {
    expect(contractMoves(detail({ myActions: ['sign', 'refuse'] }))).toEqual([
      'sign',
      'refuse',
      'download',
      'evidence',
    ]);
  });

  it('offer the signatures once somebody signed', () => {
    const signed = detail({
      participants: [party('A', { signedAt: '2026-11-24T08:10:00Z' }), party('B')],
      myActions: ['urge', 'withdraw'],
    });
    expect(contractMoves(signed)).toEqual([
      'urge',
      'withdraw',
      'download',
      'signatures',
      'evidence',
    ]);
  });

  it('offer rescinding a completed contract last, after reading and downloading it', () => {
    const completed = detail({
      status: 'completed',
      participants: [
        party('A', { signedAt: '2026-11-24T08:10:00Z' }),
        party('B', { signedAt: '2026-11-24T08:20:00Z' }),
      ],
      myActions: ['rescind'],
    });
    expect(contractMoves(completed)).toEqual(['download', 'signatures', 'evidence', 'rescind']);
  });
});

describe('a party’s progress and turn', () => {
  it('say what each party has done, and who never acted once the contract ended', () => {
    const progress = (fields: Partial<ContractDetailParty>, status = 'signing' as const) =>
      partyProgress(party('A', fields), status);
    expect(progress({ refusedAt: 't' })).toBe('refused');
    expect(progress({ signedAt: 't' })).toBe('signed');
    expect(progress({ fills: true })).toBe('toFill');
    expect(progress({ fills: true, filledAt: 't' })).toBe('toSign');
    expect(progress({ signs: false, fills: true, filledAt: 't' })).toBe('filled');
    expect(partyProgress(party('A'), 'refused')).toBe('stopped');
    expect(partyProgress(party('A', { fills: true, filledAt: 't' }), 'withdrawn')).toBe('filled');
    expect(partyProgress(party('A', { signedAt: 't' }), 'cancelled')).toBe('signed');
  });

  it('choose the session’s party that fills and the one that signs', () => {
    const both = detail({
      status: 'filling',
      participants: [party('A', { signedAt: null }), party('B', { fills: true })],
      myParties: ['B'],
    });
    expect(fillingParty(both)).toBe('B');
    expect(signingParty(both)).toBe('B');
    expect(fillingParty(detail({ myParties: ['B'] }))).toBeNull();
  });

  it('sign in order only at the party’s turn', () => {
    const sequential = detail({ signingOrder: 'sequential', myParties: ['B'] });
    expect(signingParty(sequential)).toBeNull();
    const atTurn = detail({
      signingOrder: 'sequential',
      myParties: ['B'],
      participants: [party('A', { signedAt: 't' }), party('B')],
    });
    expect(signingParty(atTurn)).toBe('B');
  });

  it('name the party a sequential order waits on before the session’s party signs', () => {
    const sequential = detail({ signingOrder: 'sequential', myParties: ['B'] });
    expect(waitingOn(sequential)?.party).toBe('A');
    expect(waitingOn(detail({ myParties: ['B'] }))).toBeNull();
    expect(waitingOn(detail({ signingOrder: 'sequential', myParties: ['A'] }))).toBeNull();
    expect(waitingOn(detail({ signingOrder: 'sequential', myParties: [] }))).toBeNull();
  });

  it('let the initiator urge again once the hour has passed', () => {
    const now = Date.parse('2026-11-24T09:00:00Z');
    expect(canUrgeNow(null, now)).toBe(true);
    expect(canUrgeNow('2026-11-24T09:30:00Z', now)).toBe(false);
    expect(canUrgeNow('2026-11-24T08:59:59Z', now)).toBe(true);
  });
});

describe('the lock a party holds while it works', () => {
  it('is taken only for the parties the server lets the session lock', () => {
    expect(takesLock(detail({ myParties: ['A'], mayLock: ['A'] }), 'A')).toBe(true);
    // A member who neither initiated it nor manages the company's contracts works without one.
    expect(takesLock(detail({ myParties: ['A'], mayLock: [] }), 'A')).toBe(false);
    expect(takesLock(detail({ myParties: ['A'] }), 'A')).toBe(true);
  });

  it('shows another member’s lock from the details to a session that takes none', () => {
    const lock = { party: 'A' as const, holder: 'Lena', until: '2026-11-24T09:05:00Z' };
    expect(lockHeldByOther(detail({ locks: [{ ...lock, mine: false }] }), 'A')).toMatchObject({
      holder: 'Lena',
    });
    expect(lockHeldByOther(detail({ locks: [{ ...lock, mine: true }] }), 'A')).toBeNull();
    expect(lockHeldByOther(detail({ locks: [{ ...lock, mine: false }] }), 'B')).toBeNull();
    expect(lockHeldByOther(detail(), 'A')).toBeNull();
  });
});
