/**
 * Where a batch is found again: the contract list's address says the batch whose progress is open
 * (`?batch=58`, so that a reload or the way back from a contract opens it again), and the tab's
 * sessionStorage keeps the console's last batch until its outcome has been seen, so that the list
 * offers a way back to it after the person went elsewhere. A batch runs on the server either way.
 */
import { useState } from 'react';

/** The contract list's query parameter of the open batch. */
export const BATCH_PARAM = 'batch';

const key = (companyId: number) => `esign.batchSign.${companyId}`;

/** The console's last batch, unless its outcome has been seen (or storage is unavailable). */
export function rememberedBatch(
  storage: Pick<Storage, 'getItem'>,
  companyId: number,
): string | null {
  try {
    const id = storage.getItem(key(companyId));
    return id && /^\d{1,16}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** Keeps the console's batch (a new batch replaces the last one). */
export function rememberBatch(storage: Pick<Storage, 'setItem'>, companyId: number, id: string) {
  try {
    storage.setItem(key(companyId), id);
  } catch {
    // Private browsing without storage: the address still leads back while the tab is open.
  }
}

/** Forgets the console's batch once its outcome has been seen; a newer one stays. */
export function forgetBatch(
  storage: Pick<Storage, 'getItem' | 'removeItem'>,
  companyId: number,
  id: string,
) {
  try {
    if (storage.getItem(key(companyId)) === id) storage.removeItem(key(companyId));
  } catch {
    // Nothing was kept.
  }
}

/** The batch the list's address opens, if it names one. */
export function batchInAddress(search: URLSearchParams): string | null {
  const id = search.get(BATCH_PARAM);
  return id && /^\d{1,16}$/.test(id) ? id : null;
}

/** The console's last batch (this tab's sessionStorage), kept and forgotten as the list says. */
export function useRememberedBatch(companyId: number) {
  const [kept, setKept] = useState(() => ({
    companyId,
    id: rememberedBatch(window.sessionStorage, companyId),
  }));
  // Another console keeps its own.
  const id =
    kept.companyId === companyId ? kept.id : rememberedBatch(window.sessionStorage, companyId);
  return {
    id,
    remember(batch: string) {
      rememberBatch(window.sessionStorage, companyId, batch);
      setKept({ companyId, id: batch });
    },
    forget(batch: string) {
      forgetBatch(window.sessionStorage, companyId, batch);
      setKept({ companyId, id: rememberedBatch(window.sessionStorage, companyId) });
    },
  };
}
