import { PERSONAL_CONSOLE_ID } from '@esign/platform';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../i18n/locale';
import { useSession } from '../../session';

/**
 * The console the template screens work in: its id (the queries' keys), whether the member is its
 * administrator (who alone manages categories and rights, as the server enforces) and whether it
 * is a company's (rights on categories are given to a company's staff).
 */
export function useTemplateConsole() {
  const { i18n } = useTranslation();
  const companyId = useSession((state) => state.companyId);
  const admin = useSession((state) => state.userInfo?.roles.includes('admin') ?? false);
  return {
    companyId,
    admin,
    inCompany: companyId !== PERSONAL_CONSOLE_ID,
    locale: localeOf(i18n),
  };
}
