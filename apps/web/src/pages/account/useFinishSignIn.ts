import { PERSONAL_CONSOLE_ID, type TokenResponse } from '@esign/platform';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { signInToConsole } from '../../api/auth';
import { isShownFailure } from '../../api/client';
import { safeRedirect } from '../../routes/guards';
import { session } from '../../session';

/**
 * Keeps a login's tokens, moves the session into the console the user last worked in on this
 * browser, and returns to where the visitor was going (or home). Every login lands in the personal
 * console; a company the user may no longer enter (left, forbidden, written off) is passed over
 * without a word, and the personal console becomes the one remembered.
 */
export function useFinishSignIn(): (tokens: TokenResponse) => Promise<void> {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return async (tokens) => {
    const last = session.getState().lastConsoleOf(tokens);
    session.getState().signIn(tokens, Date.now());
    if (last && last.companyId !== PERSONAL_CONSOLE_ID && last.companyId !== tokens.company_id) {
      try {
        session.getState().signIn(await signInToConsole(last.companyId, true), Date.now());
      } catch (error) {
        // Refused (no longer a member) or unreachable: the personal console it is.
        if (!isShownFailure(error)) throw error;
      }
    }
    navigate(safeRedirect(params.get('redirect')), { replace: true });
  };
}
