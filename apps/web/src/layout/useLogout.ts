import { useNavigate } from 'react-router-dom';
import { revokeSession } from '../api/auth';
import { queryClient } from '../api/queryClient';
import { loginPath } from '../routes/guards';
import { announceLogout, session } from '../session';

/**
 * Logs out: the server revokes the login's refresh tokens, the browser forgets the session and its
 * data, and the other tabs are told to leave for /login too.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    // The session ends on this device whether or not the server could be told.
    await revokeSession(session.getState().refreshToken).catch(() => null);
    session.getState().logout();
    announceLogout();
    queryClient.clear();
    navigate(loginPath(Date.now()), { replace: true });
  };
}

/**
 * Leaves custom-made signing: the ticket and the session end, and the signer goes back to the
 * partner's page (a full navigation) or, without one, to the login page.
 */
export function useExitSigning(): () => Promise<void> {
  const logout = useLogout();
  return async () => {
    const returnUrl = session.getState().customMade?.returnUrl;
    session.getState().setCustomMade(null);
    await logout();
    if (returnUrl) window.location.assign(returnUrl);
  };
}
