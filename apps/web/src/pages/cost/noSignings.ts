import { shopPaths } from './paths';

/** The malls contract/create may send an initiator to. */
const MALLS = new Set([shopPaths('userCenter').mall, shopPaths('enterpriseConsole').mall]);

/**
 * The mall of contract/create's refusal for want of a signing (409 `noSigningsLeft`, whose `data`
 * names the console's mall: packages/platform fees.ts), or null for any other refusal.
 */
export function noSigningsMall(data: unknown): string | null {
  const mall = (data as { mall?: unknown } | null)?.mall;
  return typeof data === 'object' && typeof mall === 'string' && MALLS.has(mall) ? mall : null;
}
