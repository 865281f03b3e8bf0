import type { ContractSeal } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { batchSealChoices, firstBatchSeal } from './batchSeals';

const seal = (id: string, change: Partial<ContractSeal> = {}): ContractSeal => ({
  id,
  kind: 'company',
  name: `Seal ${id}`,
  party: 'A',
  imageUrl: `/api/seal/${id}.png`,
  default: false,
  ...change,
});

const lease = { id: '1', name: 'Lease' };
const cleaning = { id: '2', name: 'Cleaning' };
const parking = { id: '3', name: 'Parking' };

const summary = (choices: ReturnType<typeof batchSealChoices>) =>
  choices.map(({ seal: { id }, refusedBy }) => [id, refusedBy.map(({ name }) => name)]);

describe('the one seal of a batch', () => {
  it('offers every seal some contract allows, those all allow first, naming who refuses the rest', () => {
    const finance = seal('f');
    const contractSeal = seal('c', { default: true });
    const official = seal('o');
    const choices = batchSealChoices(
      [lease, cleaning, parking],
      new Map([
        ['1', [finance, contractSeal, official]],
        ['2', [contractSeal, official]],
        ['3', [contractSeal]],
      ]),
    );
    expect(summary(choices)).toEqual([
      ['c', []],
      ['o', ['Parking']],
      ['f', ['Cleaning', 'Parking']],
    ]);
    expect(firstBatchSeal(choices)).toBe('c');
  });

  it('starts on a default seal all allow, else the first all allow', () => {
    const choices = batchSealChoices(
      [lease, cleaning],
      new Map([
        ['1', [seal('a'), seal('b', { default: true })]],
        ['2', [seal('a'), seal('b', { default: true })]],
      ]),
    );
    expect(firstBatchSeal(choices)).toBe('b');
    const noDefault = batchSealChoices([lease], new Map([['1', [seal('a'), seal('b')]]]));
    expect(firstBatchSeal(noDefault)).toBe('a');
  });

  it('starts on the most allowed seal when none suits every contract, and on none without seals', () => {
    const choices = batchSealChoices(
      [lease, cleaning, parking],
      new Map([
        ['1', [seal('a', { default: true })]],
        ['2', [seal('b')]],
        ['3', [seal('b')]],
      ]),
    );
    expect(firstBatchSeal(choices)).toBe('b');
    expect(summary(choices)[1]).toEqual(['a', ['Cleaning', 'Parking']]);
    expect(firstBatchSeal(batchSealChoices([lease], new Map([['1', []]])))).toBeNull();
  });
});
