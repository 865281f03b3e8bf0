/**
 * The lock a party holds on a contract while it fills in or signs (contract/lock): taken when the
 * work starts, renewed well before it lapses, released when the screen goes. Another person of the
 * same party holding it is said in place ('someone else is working on it'). A member who may not
 * take it (contract/detail's `mayLock`) works without one, and is told of another's lock from the
 * details.
 */
import {
  CONTRACT_LOCK_MS,
  type ContractDetailLock,
  type ContractLock,
  type TemplateParty,
} from '@esign/platform';
import { useEffect, useState } from 'react';
import { isLockedByOther, lockContract } from '../../../api/contractActions';
import { RequestError } from '../../../api/request';

/** Renewed at a third of its life, so that one late renewal still keeps it. */
export const LOCK_RENEW_MS = Math.floor(CONTRACT_LOCK_MS / 3);

export type LockState =
  | { state: 'taking' }
  | { state: 'mine' }
  | { state: 'held'; holder: string | null; until: string | null };

/** The lock a 409 'someone else is working on it' carries in its envelope's data. */
function lockOf(error: unknown): ContractLock | null {
  if (!(error instanceof RequestError)) return null;
  const data = (error.body as { data?: unknown } | null)?.data;
  return typeof data === 'object' && data !== null && 'holder' in data
    ? (data as ContractLock)
    : null;
}

export function useContractLock(
  id: string,
  party: TemplateParty | undefined,
  active: boolean,
  heldByOther: ContractDetailLock | null = null,
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
          if (!isLockedByOther(error)) return setLock({ state: 'mine' });
          // The refusal carries the lock that is held (who, until when).
          const held = lockOf(error);
          setLock({ state: 'held', holder: held?.holder ?? null, until: held?.until ?? null });
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

  // Without a lock of its own the session learns of another's from the details: it holds until its
  // time, when the screen lets the member work again (the server still refuses while it is renewed).
  const [lapsed, setLapsed] = useState<string | null>(null);
  const otherUntil = active ? null : (heldByOther?.until ?? null);
  useEffect(() => {
    if (otherUntil === null) return;
    const timer = setTimeout(
      () => setLapsed(otherUntil),
      Math.max(0, Date.parse(otherUntil) - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [otherUntil]);

  if (active) return lock;
  return heldByOther && lapsed !== heldByOther.until
    ? { state: 'held', holder: heldByOther.holder, until: heldByOther.until }
    : { state: 'mine' };
}
