import type { Permission } from '@esign/platform';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../i18n/locale';
import { useSession } from '../../../session';

/**
 * The console the role screens work in: its id (the queries' keys), the language, and what the
 * member may do here (`userInfo.permissions`, the server's grants) — their buttons follow it.
 */
export function useRoleConsole() {
  const { i18n } = useTranslation();
  const companyId = useSession((state) => state.companyId);
  const permissions = useSession((state) => state.userInfo?.permissions);
  const admin = useSession((state) => state.userInfo?.roles.includes('admin') ?? false);
  const held = new Set<Permission>(permissions ?? []);
  return {
    companyId,
    locale: localeOf(i18n),
    admin,
    held,
    canEdit: held.has('role:edit'),
  };
}
