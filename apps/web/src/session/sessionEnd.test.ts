import { afterEach, describe, expect, it } from 'vitest';
import { endSession, sessionEnd } from './sessionEnd';
import { hasUnsavedWork, unsavedWork } from './unsavedWork';

afterEach(() => {
  unsavedWork.setState({ holders: new Set() });
  sessionEnd.setState({ pending: null });
});

describe('a session that ends while the tab is open', () => {
  it('leaves for the login page at once when nothing is unsaved', () => {
    let left = 0;
    endSession('expired', () => void left++);
    expect(left).toBe(1);
    expect(sessionEnd.getState().pending).toBeNull();
  });

  it('keeps a page with unsaved work and asks first, saying why', () => {
    unsavedWork.getState().mark('editor', true);
    let left = 0;
    endSession('loggedOutElsewhere', () => void left++);
    expect(left).toBe(0);
    expect(sessionEnd.getState().pending).toBe('loggedOutElsewhere');
  });

  it('counts unsaved work per screen until each one is saved', () => {
    unsavedWork.getState().mark('editor', true);
    unsavedWork.getState().mark('form', true);
    unsavedWork.getState().mark('editor', false);
    expect(hasUnsavedWork()).toBe(true);
    unsavedWork.getState().mark('form', false);
    expect(hasUnsavedWork()).toBe(false);
  });
});
