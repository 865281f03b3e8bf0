import { CheckOutlined, DownOutlined } from '@ant-design/icons';
import { PERSONAL_CONSOLE_ID } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { signInToConsole } from '../api/auth';
import { isShownFailure } from '../api/client';
import { queries } from '../api/queries';
import { HOME_PATH } from '../routes/table';
import { session, useSession } from '../session';
import { useGuardedNavigate } from './useGuardedNavigate';

/**
 * The console's name (company name or "Personal Console") opening the switcher: the Personal
 * Console and the verified companies (authStatus 1) the user belongs to. Switching signs into the
 * chosen console (grant companyUser) and starts again at home.
 */
export function ConsoleSwitcher() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { whenVerified } = useGuardedNavigate();
  const companyId = useSession((state) => state.companyId);
  const companyName = useSession((state) => state.companyName);
  const companies = useQuery(queries.companies());

  const consoles = [
    { id: PERSONAL_CONSOLE_ID, name: t('layout.personalConsole') },
    ...(companies.data ?? [])
      .filter((company) => company.authStatus === 1)
      .map((company) => ({ id: company.id, name: company.companyName })),
  ];
  const currentName = companyId === PERSONAL_CONSOLE_ID ? t('layout.personalConsole') : companyName;

  const switchTo = async (id: number) => {
    try {
      session.getState().signIn(await signInToConsole(id), Date.now());
      const name = consoles.find((entry) => entry.id === id)?.name ?? '';
      void message.success(t('layout.switched', { name }));
      navigate(HOME_PATH);
    } catch (error) {
      if (!isShownFailure(error)) throw error;
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [String(companyId)],
        items: consoles.map((entry) => ({
          key: String(entry.id),
          label: entry.name,
          extra: entry.id === companyId ? <CheckOutlined aria-hidden /> : undefined,
        })),
        onClick: ({ key }) => {
          if (Number(key) !== companyId) whenVerified(() => void switchTo(Number(key)));
        },
      }}
    >
      <Button
        type="text"
        className="console-switcher"
        aria-label={`${t('layout.switchConsole')}: ${currentName}`}
      >
        <span className="console-name">{currentName}</span>
        <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
