import { PERSONAL_CONSOLE_ID, type Permission } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { staffQueries } from '../../../api/staff';
import { localeOf } from '../../../i18n/locale';
import { useSession } from '../../../session';
import { givableRoles } from './staffList';

const NONE: readonly Permission[] = [];

/**
 * The console the staff screen works in: its id (the queries' keys), the signed-in member's id and
 * permissions (which actions to offer), and the roles they may give (from the company's roles).
 */
export function useStaffConsole() {
  const { i18n } = useTranslation();
  const companyId = useSession((state) => state.companyId);
  const userId = useSession((state) => state.userInfo?.id ?? '');
  const companyName = useSession((state) => state.userInfo?.companyName ?? '');
  const permissions = useSession((state) => state.userInfo?.permissions ?? NONE);
  const admin = useSession((state) => state.userInfo?.roles.includes('admin') ?? false);
  const inCompany = companyId !== PERSONAL_CONSOLE_ID;
  const roles = useQuery({ ...staffQueries.roles(companyId), enabled: inCompany });
  return {
    companyId,
    companyName,
    userId,
    permissions,
    inCompany,
    locale: localeOf(i18n),
    roles: roles.data ?? [],
    givable: givableRoles(roles.data ?? [], permissions, admin),
  };
}
