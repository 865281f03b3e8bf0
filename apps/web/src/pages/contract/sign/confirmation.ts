/**
 * The confirmation's pure part: what the SMS code's button says as its countdown runs, and how
 * often a face check under way is asked about.
 */
import type { FaceCheckResult } from '@esign/platform';

/** How often a face check under way is asked about. */
export const FACE_POLL_MS = 2_000;

/** The code button's label key and its seconds: send, wait while counting down, send again. */
export function codeButton(
  secondsLeft: number,
  sent: boolean,
): {
  key: 'contractSign.resendIn' | 'contractSign.resend' | 'contractSign.sendCode';
  seconds: number;
} {
  if (secondsLeft > 0) return { key: 'contractSign.resendIn', seconds: secondsLeft };
  return { key: sent ? 'contractSign.resend' : 'contractSign.sendCode', seconds: 0 };
}

/** When to ask about a face check again: while it is pending, never once it is decided. */
export function facePollInterval(result: FaceCheckResult | undefined): number | false {
  return result === undefined || result.state === 'pending' ? FACE_POLL_MS : false;
}
