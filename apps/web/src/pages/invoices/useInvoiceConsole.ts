import type { Permission } from '@esign/platform';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../i18n/locale';
import { useSession } from '../../session';

/**
 * The console the invoice screen works in: its id (the queries' keys), its name and the user's
 * (the title the form suggests), the language, whether the platform shows fees at all (system
 * type 0), and whether the member may ask for invoices (`fee:invoice`; every permission holds in
 * the personal console).
 */
export function useInvoiceConsole() {
  const { i18n } = useTranslation();
  const companyId = useSession((state) => state.companyId);
  const companyName = useSession((state) => state.userInfo?.companyName ?? state.companyName);
  const userName = useSession((state) => state.userInfo?.name ?? '');
  const permissions = useSession((state) => state.userInfo?.permissions);
  const sysType = useSession((state) => state.sysType);
  const held = new Set<Permission>(permissions ?? []);
  return {
    companyId,
    /** The title a request starts with: the company's full name, or the person's. */
    suggestedTitle: companyName || userName,
    locale: localeOf(i18n),
    showsFees: sysType === 0,
    mayInvoice: held.has('fee:invoice'),
  };
}
