import type { ContractSignatureView } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { brokenEntry, entryFacts, shortHash, signaturesVerdict } from './evidence';

const signature = (valid: boolean): ContractSignatureView => ({
  index: 1,
  signerName: 'Li Wei',
  party: 'B',
  signedAt: null,
  certificateSubject: 'CN=Li Wei',
  certificateIssuer: 'CN=eSign CA',
  valid,
  coversWholeDocument: true,
  detail: '',
});

describe('the evidence screens', () => {
  it('shorten a hash to its ends, and leave a short one whole', () => {
    expect(shortHash('3f2a9c' + '0'.repeat(54) + 'b81e')).toBe('3f2a9c…b81e');
    expect(shortHash('abc')).toBe('abc');
  });

  it('flag the entry a broken chain breaks at', () => {
    expect(brokenEntry({ entries: [], chain: { intact: true } })).toBeNull();
    expect(
      brokenEntry({ entries: [], chain: { intact: false, brokenAt: 3, problem: 'hash' } }),
    ).toBe(3);
  });

  it('say whether the signatures hold', () => {
    expect(signaturesVerdict({ sha256: 'x', signatures: [], intact: true })).toBe('none');
    expect(signaturesVerdict({ sha256: 'x', signatures: [signature(true)], intact: true })).toBe(
      'intact',
    );
    expect(signaturesVerdict({ sha256: 'x', signatures: [signature(false)], intact: false })).toBe(
      'broken',
    );
  });

  it('pick from an entry’s details the party, the status, a reason and the PDF version', () => {
    expect(
      entryFacts({
        party: 'B',
        fields: ['3f2a'],
        status: 'refused',
        reason: 'Too expensive',
        version: 2,
      }),
    ).toEqual([
      { kind: 'party', party: 'B' },
      { kind: 'status', status: 'refused' },
      { kind: 'reason', reason: 'Too expensive' },
      { kind: 'version', version: 2 },
    ]);
    expect(entryFacts({ status: 'lost', reason: ' ', number: 'HT1' })).toEqual([]);
  });

  it('names the seal a signature was stamped with and the authorisation that allowed it', () => {
    expect(
      entryFacts({
        party: 'A',
        version: 1,
        seal: { id: '12', name: 'Contract seal', sha256: 'ab', authorizationId: '7' },
      }),
    ).toEqual([
      { kind: 'party', party: 'A' },
      { kind: 'version', version: 1 },
      { kind: 'seal', name: 'Contract seal', authorizationId: '7' },
    ]);
    expect(entryFacts({ seal: { id: '3', name: 'Li Wei', authorizationId: null } })).toEqual([
      { kind: 'seal', name: 'Li Wei', authorizationId: null },
    ]);
    expect(entryFacts({ seal: { id: '3' } })).toEqual([]);
  });

  it('says how the signer confirmed, where the entry records it', () => {
    expect(entryFacts({ party: 'B', confirmedBy: 'face' })).toEqual([
      { kind: 'party', party: 'B' },
      { kind: 'confirmation', method: 'face' },
    ]);
    expect(entryFacts({ confirmedBy: 'sms' })).toEqual([{ kind: 'confirmation', method: 'sms' }]);
    // Entries from before the trail recorded it, or a value it never writes, say nothing.
    expect(entryFacts({ party: 'B' })).toEqual([{ kind: 'party', party: 'B' }]);
    expect(entryFacts({ confirmedBy: 'fax' })).toEqual([]);
  });
});
