import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits until `check` gives something truthy, polling every `everyMs`, and gives it; fails after
 * `timeoutMs`. For what a job worker does in the background.
 */
export async function until<T>(
  check: () => Promise<T>,
  timeoutMs = 20_000,
  everyMs = 20,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`still not so after ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}
