import { describe, expect, it } from 'vitest';
import { CUSTOM_MADE_KEY, customMadeFromQuery, readCustomMade } from './customMade';
import { createSessionStore } from './store';
import { memoryStorage, noCookies } from './testing';

const memory = () => memoryStorage();

describe('custom-made signing tickets', () => {
  it('are read from the link, with a return address only when it is http(s)', () => {
    expect(
      customMadeFromQuery(
        new URLSearchParams('ticket=t-0123456789&returnUrl=https://partner.example/done?x=1'),
      ),
    ).toEqual({ ticket: 't-0123456789', returnUrl: 'https://partner.example/done?x=1' });
    expect(
      customMadeFromQuery(new URLSearchParams('ticket=t-0123456789&returnUrl=javascript:alert(1)')),
    ).toEqual({ ticket: 't-0123456789', returnUrl: null });
    expect(customMadeFromQuery(new URLSearchParams('ticket=short'))).toBeNull();
    expect(customMadeFromQuery(new URLSearchParams('ticket=<script>alert(1)</script>'))).toBeNull();
    expect(customMadeFromQuery(new URLSearchParams(''))).toBeNull();
  });

  it('are kept for the tab across reloads, survive logout, and end on exit', () => {
    const local = memory();
    const tab = memory();
    const store = createSessionStore(local, noCookies, tab);
    expect(store.getState().customMade).toBeNull();
    store.getState().setCustomMade({ ticket: 't-0123456789', returnUrl: null });
    // A reload of the tab finds it again.
    expect(createSessionStore(local, noCookies, tab).getState().customMade).toEqual({
      ticket: 't-0123456789',
      returnUrl: null,
    });
    store.getState().logout();
    expect(store.getState().customMade).not.toBeNull();
    store.getState().setCustomMade(null);
    expect(tab.map.has(CUSTOM_MADE_KEY)).toBe(false);
    expect(createSessionStore(local, noCookies, tab).getState().customMade).toBeNull();
  });

  it('ignore a tampered stored ticket', () => {
    const tab = memory();
    tab.setItem(CUSTOM_MADE_KEY, '{"ticket":"<bad>","returnUrl":"javascript:x"}');
    expect(readCustomMade(tab)).toBeNull();
    tab.setItem(CUSTOM_MADE_KEY, 'not json');
    expect(readCustomMade(tab)).toBeNull();
    tab.setItem(CUSTOM_MADE_KEY, '{"ticket":"t-0123456789","returnUrl":"data:text/html,x"}');
    expect(readCustomMade(tab)).toEqual({ ticket: 't-0123456789', returnUrl: null });
  });
});
