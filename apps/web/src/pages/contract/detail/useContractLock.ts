/**
 * The lock a party holds on a contract while it fills in or signs (contract/lock): taken when the
 * work starts, renewed well before it lapses, released when the screen goes. Another person of the
 * same party holding it is said in place ('someone else is working on it').
 */
import { CONTRACT_LOCK_MS, type TemplateParty } from '@esign/platform';
import { useEffect, useState } from 'react';
import { isLockedByOther, lockContract } from '../../../api/contractActions';

/** Renewed at a third of its life, so that one late renewal still keeps it. */
export const LOCK_RENEW_MS = Math.floor(CONTRACT_LOCK_MS / 3);

export type LockState =
  | { state: 'taking' }
  | { state: 'mine' }
  | { state: 'held'; holder: string | null; until: string | null };

export function useContractLock(
  id: string,
  party: TemplateParty | undefined,
  active: boolean,
): LockState {
  const [lock, setLock] = useState<LockState>({ state: 'taking' });

  useEffect(() => {
    if (!active || !id) return;
    let gone = false;
    let held = false;
    const take = () =>
      lockContract(id, true, party).then(
        (answer) => {
          if (gone) return;
          held = answer.mine;
          setLock(
            answer.mine
              ? { state: 'mine' }
              : { state: 'held', holder: answer.holder, until: answer.until },
          );
        },
        (error: unknown) => {
          if (gone) return;
          // Another failure (a network hiccup) does not keep the party from its work: the
          // server still refuses a second signature.
          setLock(
            isLockedByOther(error)
              ? { state: 'held', holder: null, until: null }
              : { state: 'mine' },
          );
        },
      );
    void take();
    const timer = setInterval(() => void take(), LOCK_RENEW_MS);
    return () => {
      gone = true;
      clearInterval(timer);
      if (held) void lockContract(id, false, party).catch(() => undefined);
    };
  }, [id, party, active]);

  return active ? lock : { state: 'mine' };
}
