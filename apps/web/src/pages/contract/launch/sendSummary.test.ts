import { createEditorStore } from '@esign/template-editor/core';
import { describe, expect, it } from 'vitest';
import type { LaunchDetails } from './launchForm';
import { sendSummary } from './sendSummary';

function lease() {
  const store = createEditorStore();
  const s = () => store.getState();
  s().addPage();
  const first = s().project.pages[0]!.uuid;
  s().addElement(first, 'text', { title: 'Tenant name', config: { party: 'B' } });
  s().addElement(first, 'date', { title: 'Start date', config: { party: 'A' } });
  s().addElement(first, 'seal', { title: 'Lessor seal', config: { party: 'A' } });
  s().addElement(first, 'signature', { title: 'Tenant signature', config: { party: 'B' } });
  s().addElement(first, 'text', { title: 'Guarantor name', config: { party: 'C' } });
  return s().project;
}

const details = (order: LaunchDetails['signingOrder']): LaunchDetails => ({
  name: 'Lease',
  agreementType: 'contract',
  signingOrder: order,
  signingDeadline: new Date('2030-01-31T10:00:00Z'),
  participants: [
    { party: 'C', kind: 'person', name: 'Wang', phone: '13800000003' },
    { party: 'B', kind: 'person', name: 'Li', phone: '13800000002' },
    { party: 'A', kind: 'company', name: 'Zhang', phone: '13800000001', companyName: 'Acme' },
  ],
  receivers: [
    { name: 'Zhao', phone: '13800000009' },
    { name: ' ', phone: '' },
  ],
});

describe('the summary before sending', () => {
  it('lists the parties A, B, C with their fields, each seal once, and numbers the signers in turn', () => {
    const summary = sendSummary(details('sequential'), lease());
    expect(summary.parties.map((p) => [p.party, p.turn, p.fills, p.signs])).toEqual([
      ['A', 1, ['Start date'], ['Lessor seal']],
      ['B', 2, ['Tenant name'], ['Tenant signature']],
      ['C', null, ['Guarantor name'], []],
    ]);
    expect(summary.deadline?.toISOString()).toBe('2030-01-31T10:00:00.000Z');
    expect(summary.receivers).toEqual([{ name: 'Zhao', phone: '13800000009' }]);
  });

  it('gives no turns when all sign at once', () => {
    const summary = sendSummary(details('parallel'), lease());
    expect(summary.parties.map((p) => p.turn)).toEqual([null, null, null]);
  });
});
