import type { Permission } from '@esign/platform';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../i18n/locale';
import { useSession } from '../../session';

/**
 * The console the counterpart screens work in: its id (the queries' keys), the language, and
 * whether the member may change the book (`counterpart:edit`): without it, the editing moves are
 * not shown at all (the server refuses them anyway).
 */
export function useCounterpartConsole() {
  const { i18n } = useTranslation();
  const companyId = useSession((state) => state.companyId);
  const permissions = useSession((state) => state.userInfo?.permissions);
  const held = new Set<Permission>(permissions ?? []);
  return { companyId, locale: localeOf(i18n), canEdit: held.has('counterpart:edit') };
}
