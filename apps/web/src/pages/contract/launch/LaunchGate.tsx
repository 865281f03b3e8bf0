import { SafetyCertificateOutlined, StopOutlined } from '@ant-design/icons';
import { PERSONAL_CONSOLE_ID, message } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Spin } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { queries } from '../../../api/queries';
import { localeOf } from '../../../i18n/locale';
import { REAL_NAME_PATH } from '../../../routes/guards';
import { useSession } from '../../../session';
import { Outcome } from '../../system/Outcome';
import { CONTRACT_LIST_PATH } from '../paths';
import { launchBlock, type Initiator } from './launchForm';

/**
 * The initiating screens' gate: an unverified user is asked to authenticate (and sent to
 * /real-name/index?isPerson=true on confirm), a user without the right to initiate is told so.
 * Otherwise the screen renders with the initiator it works for.
 */
export function LaunchGate({ children }: { children(me: Initiator): ReactNode }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const user = useSession((state) => state.userInfo);
  const companyId = useSession((state) => state.companyId);
  const companyName = useSession((state) => state.companyName);
  const companies = useQuery(queries.companies());
  const company = companies.data?.find((item) => item.id === companyId);
  const block = user
    ? launchBlock(user, companyId, companies.data ? company?.authStatus === 1 : undefined)
    : null;

  // The spec's prompt: asked once when the screen opens, as navigation elsewhere asks it.
  const asked = useRef(false);
  useEffect(() => {
    if (block !== 'realName' || asked.current) return;
    asked.current = true;
    void modal.confirm({
      title: t('realName.title'),
      content: t('realName.content'),
      okText: t('realName.authenticate'),
      cancelText: t('common.cancel'),
      onOk: () => navigate(REAL_NAME_PATH),
    });
  }, [block, modal, navigate, t]);

  if (!user) {
    return (
      <div role="status" className="launch-loading">
        <Spin /> {t('app.loading')}
      </div>
    );
  }
  if (block === 'realName') {
    return (
      <Outcome
        icon={<SafetyCertificateOutlined aria-hidden />}
        heading={message('realNameRequired', locale)}
        description={t('realName.blocked')}
        action={{ label: t('realName.authenticate'), onClick: () => navigate(REAL_NAME_PATH) }}
      />
    );
  }
  if (block === 'authority') {
    return (
      <Outcome
        status="warning"
        icon={<StopOutlined aria-hidden />}
        heading={message('noLaunchAuthority', locale)}
        description={t('contractLaunch.noAuthorityHint')}
        action={{
          label: t('contractLaunch.backToList'),
          onClick: () => navigate(CONTRACT_LIST_PATH),
        }}
      />
    );
  }
  const me: Initiator = {
    name: user.name,
    phone: user.phone,
    companyName:
      companyId === PERSONAL_CONSOLE_ID ? null : company?.companyName || companyName || null,
  };
  return <>{children(me)}</>;
}
