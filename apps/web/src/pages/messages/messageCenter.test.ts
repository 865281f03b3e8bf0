import { describe, expect, it } from 'vitest';
import { filterFromSearch, pageFromSearch } from './messageCenter';

const at = (query: string) => new URLSearchParams(query);

describe('the message centre’s address', () => {
  it('names the filter by ?menu=, every message when it names none or a wrong one', () => {
    expect(filterFromSearch(at('menu=0'))).toBe('all');
    expect(filterFromSearch(at('menu=1'))).toBe('unread');
    expect(filterFromSearch(at('menu=2'))).toBe('read');
    for (const query of ['', 'menu=3', 'menu=-1', 'menu=x', 'menu=1.5']) {
      expect(filterFromSearch(at(query)), query).toBe('all');
    }
  });

  it('names the page by ?page=, the first for anything but a whole number above 1', () => {
    expect(pageFromSearch(at('page=3'))).toBe(3);
    for (const query of ['', 'page=1', 'page=0', 'page=-2', 'page=2.5', 'page=x']) {
      expect(pageFromSearch(at(query)), query).toBe(1);
    }
  });
});
