import type { TokenResponse } from '@esign/platform';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeRedirect } from '../../routes/guards';
import { session } from '../../session';

/** Keeps a login's tokens and returns to where the visitor was going (or home). */
export function useFinishSignIn(): (tokens: TokenResponse) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (tokens) => {
    session.getState().signIn(tokens, Date.now());
    navigate(safeRedirect(params.get('redirect')), { replace: true });
  };
}
