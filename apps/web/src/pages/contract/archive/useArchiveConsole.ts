import { PERSONAL_CONSOLE_ID } from '@esign/platform';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../i18n/locale';
import { useSession } from '../../../session';

/**
 * The console the archive works in: its id (the queries' keys), whether the member keeps its
 * archive — the personal console's owner, or a member whose role grants contract:manage, who alone
 * makes, renames and removes categories and gives rights on them (as the server enforces) — and
 * whether it is a company's (rights are given to a company's staff).
 */
export function useArchiveConsole() {
  const { i18n } = useTranslation();
  const companyId = useSession((state) => state.companyId);
  const manages = useSession(
    (state) => state.userInfo?.permissions.includes('contract:manage') ?? false,
  );
  const inCompany = companyId !== PERSONAL_CONSOLE_ID;
  return { companyId, keeper: !inCompany || manages, inCompany, locale: localeOf(i18n) };
}
