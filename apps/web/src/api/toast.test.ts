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

  it('take a text off the screen when a form shows it beside itself, and show it again later', () => {
    const onScreen = new Set<string>();
    const toast = createToaster((text, closed) => {
      onScreen.add(text);
      return () => {
        onScreen.delete(text);
        closed();
      };
    });
    toast('Incorrect phone number or password');
    toast('Network error');
    toast.withdraw('Incorrect phone number or password');
    expect([...onScreen]).toEqual(['Network error']);
    toast('Incorrect phone number or password');
    expect(onScreen.has('Incorrect phone number or password')).toBe(true);
  });

  it('ignore empty texts', () => {
    const shown: string[] = [];
    createToaster((text) => {
      shown.push(text);
    })('');
    expect(shown).toEqual([]);
  });
});
