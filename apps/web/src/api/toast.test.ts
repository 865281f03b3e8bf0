import { describe, expect, it } from 'vitest';
import { createToaster } from './toast';

describe('error toasts', () => {
  it('never show the same text twice at once, and show it again once it has closed', () => {
    const shown: string[] = [];
    const close = new Map<string, () => void>();
    const toast = createToaster((text, closed) => {
      shown.push(text);
      close.set(text, closed);
    });
    toast('Server exception');
    toast('Server exception');
    toast('Login failure');
    expect(shown).toEqual(['Server exception', 'Login failure']);
    close.get('Server exception')!();
    toast('Server exception');
    toast('Login failure');
    expect(shown).toEqual(['Server exception', 'Login failure', 'Server exception']);
  });

  it('ignore empty texts', () => {
    const shown: string[] = [];
    createToaster((text) => shown.push(text))('');
    expect(shown).toEqual([]);
  });
});
