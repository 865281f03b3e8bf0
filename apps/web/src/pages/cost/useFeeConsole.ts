import { PERSONAL_CONSOLE_ID, type Permission } from '@esign/platform';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { localeOf } from '../../i18n/locale';
import { useSession } from '../../session';
import { areaOf, costPathsOf, shopPaths } from './paths';

/**
 * The console the fee screens work in: its id (the queries' keys), its name, the language, whether
 * the platform shows fees at all (system type 0), what the member may do there, and where this
 * page's buying and fee-center links lead.
 */
export function useFeeConsole() {
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  const companyId = useSession((state) => state.companyId);
  const companyName = useSession((state) => state.userInfo?.companyName ?? state.companyName);
  const permissions = useSession((state) => state.userInfo?.permissions);
  const sysType = useSession((state) => state.sysType);
  const held = new Set<Permission>(permissions ?? []);
  const area = areaOf(pathname, companyId);
  return {
    companyId,
    personal: companyId === PERSONAL_CONSOLE_ID,
    companyName,
    locale: localeOf(i18n),
    /** System type 1 has no fees: nothing of them is shown (spec 001 §2). */
    showsFees: sysType === 0,
    /** In the personal console the person holds every permission (the server's grants). */
    holds: (permission: Permission) => held.has(permission),
    area,
    shop: shopPaths(area),
    cost: costPathsOf(pathname),
  };
}

export type FeeConsole = ReturnType<typeof useFeeConsole>;
