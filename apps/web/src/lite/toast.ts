/**
 * Toasts without antd, for the pages that load without it (the login page) and for the request
 * module's error texts everywhere: a short line at the top centre, in antd's message look, read out
 * by screen readers (errors as alerts), gone after a few seconds; the pointer resting on one keeps it.
 */
export type ToastKind = 'error' | 'success';

export interface ToastOptions {
  kind?: ToastKind;
  /** How long it stays, in seconds. */
  seconds?: number;
  /** Called once the toast has left the screen. */
  closed?: () => void;
}

const ICONS: Record<ToastKind, string> = {
  error:
    '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><circle cx="8" cy="8" r="8" fill="currentColor"/><path d="M5.5 5.5l5 5m0-5l-5 5" stroke="#fff" stroke-width="1.6" stroke-linecap="round"/></svg>',
  success:
    '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><circle cx="8" cy="8" r="8" fill="currentColor"/><path d="M4.5 8.2l2.4 2.3 4.6-4.8" fill="none" stroke="#fff" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/></svg>',
};

let region: HTMLElement | null = null;

/** The toasts' container, made on first use (and again if a test emptied the body). */
function regionOf(): HTMLElement {
  if (region?.isConnected) return region;
  region = document.createElement('div');
  region.className = 'lite-toasts';
  document.body.append(region);
  return region;
}

/** Shows `text` as a toast; gives a function that takes it off the screen at once. */
export function showToast(
  text: string,
  { kind = 'error', seconds = 3, closed }: ToastOptions = {},
): () => void {
  const item = document.createElement('div');
  item.className = `lite-toast lite-toast-${kind}`;
  item.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  const icon = document.createElement('span');
  icon.className = 'lite-toast-icon';
  icon.innerHTML = ICONS[kind];
  const label = document.createElement('span');
  label.textContent = text;
  item.append(icon, label);
  regionOf().append(item);

  let timer = 0;
  const close = () => {
    if (!item.isConnected) return;
    window.clearTimeout(timer);
    item.remove();
    closed?.();
  };
  const arm = () => {
    timer = window.setTimeout(close, seconds * 1000);
  };
  item.addEventListener('mouseenter', () => window.clearTimeout(timer));
  item.addEventListener('mouseleave', arm);
  arm();
  return close;
}
