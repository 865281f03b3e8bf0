import { CheckOutlined, DownOutlined } from '@ant-design/icons';
import { PERSONAL_CONSOLE_ID } from '@esign/platform';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../routes/table';
import { useSession } from '../session';
import { useGuardedNavigate } from './useGuardedNavigate';
import { useSwitchConsole } from './useSwitchConsole';

/**
 * The console's name (company name or "Personal Console") opening the switcher: the Personal
 * Console and the verified companies (authStatus 1) the user belongs to. Switching signs into the
 * chosen console (grant companyUser) and starts again at home.
 */
export function ConsoleSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { whenVerified } = useGuardedNavigate();
  const companyId = useSession((state) => state.companyId);
  const companyName = useSession((state) => state.companyName);
  const { consoles, switchTo } = useSwitchConsole();
  const currentName = companyId === PERSONAL_CONSOLE_ID ? t('layout.personalConsole') : companyName;

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
          if (Number(key) === companyId) return;
          whenVerified(() => {
            void switchTo(Number(key)).then((switched) => {
              if (switched) navigate(HOME_PATH);
            });
          });
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
