/**
 * Hardware keys: the login's calls (a one-time random, oauth/original, the `hardware_key` grant)
 * and the user center's registered keys, with their TanStack Query keys and mutations.
 */
import {
  GRANT_TYPE_HARDWARE_KEY,
  PATHS,
  type HardwareKey,
  type HardwareKeyOriginal,
  type HardwareKeyProofQuery,
  type HardwareKeyRandom,
  type HardwareKeyRegisterBody,
  type HardwareKeyRegistered,
  type TokenResponse,
} from '@esign/platform';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { session } from '../session';
import { call, send } from './client';

/** What a key signed to log in (oauth/original's query, the grant's form). */
export type KeyProof = Omit<HardwareKeyProofQuery, 'tenant_id'>;

/** A one-time random for a key to sign, to log in. */
export const fetchLoginRandom = () =>
  call<HardwareKeyRandom>({
    url: PATHS.hardwareKeyRandom,
    params: { tenant_id: session.getState().tenantId },
    quiet: true,
  });

/** Checks a key's signature with the platform: whose key it is (the random is not spent). */
export const checkKeyProof = (proof: KeyProof) =>
  call<HardwareKeyOriginal>({
    url: PATHS.hardwareKeyOriginal,
    params: { tenant_id: session.getState().tenantId, ...proof },
    quiet: true,
  });

/** Logs in with a key's signature (the token endpoint's `hardware_key` grant). */
export const loginByKey = (proof: KeyProof) =>
  send<TokenResponse>({
    method: 'POST',
    url: PATHS.token,
    data: new URLSearchParams({
      tenant_id: session.getState().tenantId,
      scope: 'all',
      grant_type: GRANT_TYPE_HARDWARE_KEY,
      ...proof,
    }),
    quiet: true,
  });

export const fetchHardwareKeys = () => call<HardwareKey[]>({ url: PATHS.hardwareKeyList });

/** A one-time random for registering a key to the signed-in user. */
export const fetchRegisterRandom = () =>
  call<HardwareKeyRandom>({ url: PATHS.hardwareKeyRegisterRandom, quiet: true });

export const registerHardwareKey = (body: HardwareKeyRegisterBody) =>
  call<HardwareKeyRegistered>({
    method: 'POST',
    url: PATHS.hardwareKeyRegister,
    data: body,
    quiet: true,
  });

export const removeHardwareKey = (id: string) =>
  call<null>({ method: 'POST', url: PATHS.hardwareKeyRemove, data: { id } });

export const hardwareKeyKeys = { all: ['hardware-keys'] as const };

export const hardwareKeyQueries = {
  list: () => queryOptions({ queryKey: hardwareKeyKeys.all, queryFn: fetchHardwareKeys }),
};

export function useRemoveHardwareKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeHardwareKey,
    onSettled: () => client.invalidateQueries({ queryKey: hardwareKeyKeys.all }),
  });
}
