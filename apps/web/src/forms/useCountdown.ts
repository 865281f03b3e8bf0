import { useEffect, useState } from 'react';
import { RequestError } from '../api/request';

/** Where a countdown's end is kept: in this tab, so that a reload finds it. */
const storageKey = (scope: string) => `esign.codeCountdown.${scope}`;

function storedDeadline(scope: string): number {
  try {
    const stored = Number(sessionStorage.getItem(storageKey(scope)));
    return Number.isFinite(stored) ? stored : 0;
  } catch {
    // Storage refused (a private window's quota): the countdown lives as long as the page.
    return 0;
  }
}

function storeDeadline(scope: string, deadline: number): void {
  try {
    sessionStorage.setItem(storageKey(scope), String(deadline));
  } catch {
    // As above: the server's refusal still says how long to wait.
  }
}

/**
 * Seconds left before a code may be sent again, ticking down once a second. `scope` names what the
 * code is for (its purpose, and the contract for a signature's code): the end is kept in this tab's
 * session storage, so that a reload goes on counting instead of offering a send the server refuses.
 */
export function useCountdown(scope: string): {
  secondsLeft: number;
  start(seconds: number): void;
} {
  const [deadline, setDeadline] = useState(() => storedDeadline(scope));
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((deadline - now) / 1000));
  useEffect(() => {
    if (deadline <= Date.now()) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= deadline) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  const start = (seconds: number) => {
    const time = Date.now();
    const end = time + seconds * 1000;
    storeDeadline(scope, end);
    setNow(time);
    setDeadline(end);
  };
  return { secondsLeft, start };
}

/**
 * The seconds the server still makes a new code wait, when it refused to send one because the last
 * was sent under a minute ago (429 with `data.resendAfter`); null for any other failure. The server
 * is the authority: a countdown lost with the page's storage takes this up.
 */
export function resendWaitOf(error: unknown): number | null {
  if (!(error instanceof RequestError) || error.status !== 429) return null;
  const data = (error.body as { data?: { resendAfter?: unknown } } | null)?.data;
  const seconds = data?.resendAfter;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}
