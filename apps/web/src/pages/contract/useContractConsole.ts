import { useTranslation } from 'react-i18next';
import { localeOf } from '../../i18n/locale';
import { useSession } from '../../session';

/** The console the contract list works in (its queries' keys) and the interface language. */
export function useContractConsole() {
  const { i18n } = useTranslation();
  const companyId = useSession((state) => state.companyId);
  return { companyId, locale: localeOf(i18n) };
}
