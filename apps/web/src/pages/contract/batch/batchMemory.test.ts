import { describe, expect, it } from 'vitest';
import {
  BATCH_PARAM,
  batchInAddress,
  forgetBatch,
  rememberBatch,
  rememberedBatch,
} from './batchMemory';

const memoryStorage = () => {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
};

describe('finding a batch again', () => {
  it('keeps each console’s last batch until its outcome has been seen', () => {
    const storage = memoryStorage();
    rememberBatch(storage, 1001, '58');
    rememberBatch(storage, -1, '12');
    expect(rememberedBatch(storage, 1001)).toBe('58');
    rememberBatch(storage, 1001, '59');
    // An older batch's outcome seen does not forget the newer one.
    forgetBatch(storage, 1001, '58');
    expect(rememberedBatch(storage, 1001)).toBe('59');
    forgetBatch(storage, 1001, '59');
    expect(rememberedBatch(storage, 1001)).toBeNull();
    expect(rememberedBatch(storage, -1)).toBe('12');
  });

  it('reads the open batch from the list’s address, and nothing else from it', () => {
    expect(batchInAddress(new URLSearchParams(`tab=todo&${BATCH_PARAM}=58`))).toBe('58');
    expect(batchInAddress(new URLSearchParams(`${BATCH_PARAM}=58;drop`))).toBeNull();
    expect(batchInAddress(new URLSearchParams('tab=todo'))).toBeNull();
  });

  it('works on without storage (private browsing)', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => rememberBatch(broken, 1, '5')).not.toThrow();
    expect(rememberedBatch(broken, 1)).toBeNull();
    expect(() => forgetBatch(broken, 1, '5')).not.toThrow();
  });
});
