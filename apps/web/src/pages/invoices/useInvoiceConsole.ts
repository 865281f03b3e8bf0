import { useTranslation } from 'react-i18next';
import { localeOf } from '../../i18n/locale';
import { useSession } from '../../session';

/**
 * The console the invoice screen works in: its id (the queries' keys), its name and the user's
 * (the title the form suggests) and the language. Whether fees exist and the member may ask for
 * invoices is `FeeScreen`'s to decide.
 */
export function useInvoiceConsole() {
  const { i18n } = useTranslation();
  const companyId = useSession((state) => state.companyId);
  const companyName = useSession((state) => state.userInfo?.companyName ?? state.companyName);
  const userName = useSession((state) => state.userInfo?.name ?? '');
  return {
    companyId,
    /** The title a request starts with: the company's full name, or the person's. */
    suggestedTitle: companyName || userName,
    locale: localeOf(i18n),
  };
}
