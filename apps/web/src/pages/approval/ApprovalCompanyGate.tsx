import { PERSONAL_CONSOLE_ID } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Spin } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { queries } from '../../api/queries';
import { useSwitchConsole } from '../../layout/useSwitchConsole';
import { HOME_PATH } from '../../routes/table';
import { useSession } from '../../session';

/**
 * Approvals belong to a company (spec 000 §2 /approval): in a company's console the page shows at
 * once; in the personal console (-1) the first company the user may work in (a verified one,
 * authStatus 1, as the console switcher offers) is switched to by itself; with none, a warning
 * says so and its OK goes home.
 */
export function ApprovalCompanyGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const companyId = useSession((state) => state.companyId);
  const companies = useQuery(queries.companies());
  const { consoles, switchTo } = useSwitchConsole();
  const personal = companyId === PERSONAL_CONSOLE_ID;
  const first = consoles.find(({ id }) => id !== PERSONAL_CONSOLE_ID);
  // Once per visit: a switch the server refused (its message shown) is not tried again in a loop.
  const acted = useRef(false);

  useEffect(() => {
    if (!personal || acted.current || (companies.isPending && !companies.isError)) return;
    acted.current = true;
    if (first) {
      void switchTo(first.id).then((switched) => {
        if (!switched) navigate(HOME_PATH, { replace: true });
      });
      return;
    }
    modal.warning({
      title: t('approvalInbox.noCompanyTitle'),
      content: t('approvalInbox.noCompany'),
      okText: t('approvalInbox.backHome'),
      onOk: () => navigate(HOME_PATH, { replace: true }),
    });
  }, [personal, companies.isPending, companies.isError, first, switchTo, modal, navigate, t]);

  if (!personal) return children;
  const settled = !companies.isPending || companies.isError;
  return (
    <div className="page approval-inbox-gate" role="status">
      {settled && !first ? (
        <p>{t('approvalInbox.noCompany')}</p>
      ) : (
        <>
          <Spin />
          <p>{t('approvalInbox.enteringCompany')}</p>
        </>
      )}
    </div>
  );
}
