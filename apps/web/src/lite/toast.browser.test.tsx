import { describe, expect, it, vi } from 'vitest';
import { showToast } from './toast';
// The app's stylesheet, which places the toasts (lite/lite.css through styles.css).
import '../styles.css';

describe('showToast (the request module’s error toasts, the account pages’ notices)', () => {
  it('announces an error as an alert and a notice as a status, below the top bar', () => {
    showToast('Incorrect phone number or password', { seconds: 60 });
    showToast('Verification code sent', { kind: 'success', seconds: 60 });
    const alert = [...document.querySelectorAll('[role="alert"]')].find((node) =>
      node.textContent?.includes('Incorrect phone number or password'),
    );
    const status = [...document.querySelectorAll('[role="status"]')].find((node) =>
      node.textContent?.includes('Verification code sent'),
    );
    expect(alert).toBeDefined();
    expect(status).toBeDefined();
    // Toasts never cover the 56 px top bar's buttons.
    expect(alert!.getBoundingClientRect().top).toBeGreaterThanOrEqual(56);
  });

  it('leaves after its time and says so, but stays while the pointer rests on it', async () => {
    vi.useFakeTimers();
    try {
      const closed = vi.fn();
      showToast('Network error', { seconds: 1, closed });
      const toast = [...document.querySelectorAll('.lite-toast')].at(-1)!;
      toast.dispatchEvent(new MouseEvent('mouseenter'));
      vi.advanceTimersByTime(5_000);
      expect(toast.isConnected).toBe(true);
      expect(closed).not.toHaveBeenCalled();
      toast.dispatchEvent(new MouseEvent('mouseleave'));
      vi.advanceTimersByTime(1_000);
      expect(toast.isConnected).toBe(false);
      expect(closed).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
