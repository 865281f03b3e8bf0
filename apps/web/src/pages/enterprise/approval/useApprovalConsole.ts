import type { Permission } from '@esign/platform';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../i18n/locale';
import { useSession } from '../../../session';

/**
 * The console the approval flow screens work in: its id (the queries' keys), the language, and
 * which approval-settings leaves the member holds — the buttons follow them.
 */
export function useApprovalConsole() {
  const { i18n } = useTranslation();
  const companyId = useSession((state) => state.companyId);
  const permissions = useSession((state) => state.userInfo?.permissions);
  const held = new Set<Permission>(permissions ?? []);
  return {
    companyId,
    locale: localeOf(i18n),
    canAdd: held.has('approval:add'),
    canEdit: held.has('approval:edit'),
    canRemove: held.has('approval:delete'),
  };
}
