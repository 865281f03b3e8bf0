/**
 * The user center's calls (spec 001 §2): the profile, the avatar, addresses, the password (set or
 * change) and the phone change with codes to the current and the new phone; their TanStack Query
 * keys and mutations.
 */
import {
  PATHS,
  type AvatarSaved,
  type CodeSent,
  type IsPasswordSet,
  type UserAddress,
  type UserAddressBody,
  type UserCenterProfile,
} from '@esign/platform';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

export const fetchUserCenterProfile = () =>
  call<UserCenterProfile>({ url: PATHS.userCenterProfile });

export const fetchIsPasswordSet = () => call<IsPasswordSet>({ url: PATHS.isPasswordSet });

/** Sets the first password of an account that has none. */
export const setPassword = (password: string) =>
  call<unknown>({ method: 'POST', url: PATHS.setPassword, params: { password } });

/** Uploads the cropped avatar (multipart field `file`). */
export function uploadAvatar(image: Blob) {
  const data = new FormData();
  data.append('file', image, image.type === 'image/jpeg' ? 'avatar.jpg' : 'avatar.png');
  return call<AvatarSaved>({ method: 'POST', url: PATHS.avatarUpload, data });
}

/** The first code of a phone change: to the phone the account has now. */
export const sendOldPhoneCode = () =>
  call<CodeSent>({ method: 'POST', url: PATHS.sendOldPhoneCode });

/** The second code: to the new phone, which no other account may have. */
export const sendNewPhoneCode = (phone: string) =>
  call<CodeSent>({ method: 'POST', url: PATHS.sendChangePhoneCode, params: { phone } });

export const changePhone = (params: { phone: string; code: string; oldCode: string }) =>
  call<unknown>({ method: 'POST', url: PATHS.changePhone, params });

export const fetchAddresses = () => call<UserAddress[]>({ url: PATHS.addressList });

export const saveAddress = (data: UserAddressBody) =>
  call<UserAddress>({ method: 'POST', url: PATHS.addressSave, data });

export const removeAddress = (id: string) =>
  call<unknown>({ method: 'POST', url: PATHS.addressRemove, data: { id } });

export const userCenterKeys = {
  all: ['user-center'] as const,
  profile: ['user-center', 'profile'] as const,
  passwordSet: ['user-center', 'password-set'] as const,
  addresses: ['user-center', 'addresses'] as const,
};

export const userCenterQueries = {
  profile: () =>
    queryOptions({ queryKey: userCenterKeys.profile, queryFn: fetchUserCenterProfile }),
  passwordSet: () =>
    queryOptions({ queryKey: userCenterKeys.passwordSet, queryFn: fetchIsPasswordSet }),
  addresses: () => queryOptions({ queryKey: userCenterKeys.addresses, queryFn: fetchAddresses }),
};

export function useSaveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSettled: () => client.invalidateQueries({ queryKey: userCenterKeys.addresses }),
  });
}

export function useRemoveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeAddress,
    onSettled: () => client.invalidateQueries({ queryKey: userCenterKeys.addresses }),
  });
}
