import type { Permission } from '@esign/platform';
import { useTranslation } from 'react-i18next';
import { isShownFailure } from '../../../api/client';
import { localeOf } from '../../../i18n/locale';
import { useSession } from '../../../session';

const NONE: readonly Permission[] = [];

/**
 * The console the seal screens work in: its id (the queries' keys), its name (along a template
 * seal's ring), the signed-in member's permissions (which buttons to offer where a seal's own
 * `can` does not say) and the interface language.
 */
export function useSealConsole() {
  const { i18n } = useTranslation();
  const companyId = useSession((state) => state.companyId);
  const companyName = useSession((state) => state.userInfo?.companyName ?? '');
  const permissions = useSession((state) => state.userInfo?.permissions ?? NONE);
  return {
    companyId,
    companyName,
    locale: localeOf(i18n),
    may: (permission: Permission) => permissions.includes(permission),
  };
}

/**
 * Runs a change from a form or a confirmation. A refusal the request module has already shown
 * (its toast says the server's words) ends there, the form staying as it was for another try; any
 * other error is a bug and goes on.
 */
export async function unlessShown(change: () => Promise<void>): Promise<void> {
  try {
    await change();
  } catch (error) {
    if (!isShownFailure(error)) throw error;
  }
}
