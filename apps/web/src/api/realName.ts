/**
 * Personal real-name verification calls (busi-user: send-msg-for-auth, auth, get-face-auth-url and
 * its result, auth-by-bankcard, artificial-auth; the applicant's state and ID photos) and the
 * operators' review calls, their TanStack Query keys, and the refresh after a verification.
 */
import {
  PATHS,
  type ArtificialAuthInput,
  type BankCardAuthInput,
  type CodeSent,
  type OperatorReview,
  type RealNameAuthInput,
  type RealNameCodeInput,
  type RealNameFaceResult,
  type RealNameFaceStart,
  type RealNameReview,
  type RealNameState,
  type RealNameVerified,
  type ReviewStatus,
} from '@esign/platform';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { session } from '../session';
import { call, send } from './client';
import { fetchUserInfo } from './shell';

export const realNameKeys = {
  all: ['real-name'] as const,
  state: () => [...realNameKeys.all, 'state'] as const,
  reviews: (status: ReviewStatus) => [...realNameKeys.all, 'operator-reviews', status] as const,
};

export const realNameQueries = {
  state: () =>
    queryOptions({
      queryKey: realNameKeys.state(),
      queryFn: () => call<RealNameState>({ url: PATHS.realNameState }),
    }),
  /** The operator's list; quiet: a non-operator's 403 is the page's to explain. */
  reviews: (status: ReviewStatus) =>
    queryOptions({
      queryKey: realNameKeys.reviews(status),
      queryFn: () =>
        call<OperatorReview[]>({ url: PATHS.operatorReviews, params: { status }, quiet: true }),
      retry: false,
    }),
};

const post = <T>(url: string, data: unknown) => call<T>({ method: 'POST', url, data });

export const sendRealNameCode = (body: RealNameCodeInput) =>
  post<CodeSent & { phone: string }>(PATHS.sendMsgForAuth, body);
export const authByPhone = (body: RealNameAuthInput) =>
  post<RealNameVerified>(PATHS.realNameAuth, body);
export const authByBankCard = (body: BankCardAuthInput) =>
  post<RealNameVerified>(PATHS.authByBankcard, body);
export const submitManualReview = (body: ArtificialAuthInput) =>
  post<RealNameReview>(PATHS.artificialAuth, body);
export const startFaceCheck = (query: { name: string; idNumber: string }) =>
  call<RealNameFaceStart>({
    url: PATHS.realNameFaceUrl,
    params: { ...query, agreement: 'true' },
  });
export const faceCheckResult = (reference: string) =>
  call<RealNameFaceResult>({ url: PATHS.realNameFaceResult, params: { reference } });

export const decideReview = (body: { id: number; approve: boolean; reason?: string }) =>
  post<OperatorReview>(PATHS.operatorDecide, body);

/** One side of a review's ID card as an object URL (the call needs the session's headers). */
export const fetchIdPhoto = (reviewId: number, side: 'front' | 'back', signal?: AbortSignal) =>
  send<Blob>({
    url: PATHS.idPhoto,
    params: { reviewId, side },
    responseType: 'blob',
    signal,
    quiet: true,
  });

/**
 * After a verification: the session's user info again (authStep, name, launchAuth), so that the
 * guards, the top bar and every screen change at once, without logging out.
 */
export async function refreshAfterVerification(client: QueryClient): Promise<void> {
  session.getState().setUserInfo(await fetchUserInfo());
  await client.invalidateQueries({ queryKey: realNameKeys.all });
}
