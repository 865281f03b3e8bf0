import { describe, expect, it } from 'vitest';
import { GREETED_KEY, isFirstVisit, rememberGreeted } from './greeting';

const memory = () => {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
};

describe('the dashboard greeting', () => {
  it('greets a user the first time, and welcomes them back after', () => {
    const store = memory();
    expect(isFirstVisit('7', store)).toBe(true);
    rememberGreeted('7', store);
    expect(isFirstVisit('7', store)).toBe(false);
    // Another person on the same browser is new to it.
    expect(isFirstVisit('8', store)).toBe(true);
  });

  it('keeps the last twenty people, and survives a value it did not write', () => {
    const store = memory();
    for (let id = 1; id <= 25; id++) rememberGreeted(String(id), store);
    expect(isFirstVisit('25', store)).toBe(false);
    expect(isFirstVisit('6', store)).toBe(false);
    expect(isFirstVisit('5', store)).toBe(true);
    store.setItem(GREETED_KEY, '{not json');
    expect(isFirstVisit('25', store)).toBe(true);
    rememberGreeted('25', store);
    expect(isFirstVisit('25', store)).toBe(false);
  });
});
