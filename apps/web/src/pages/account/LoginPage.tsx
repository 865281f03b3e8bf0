import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Tabs } from '../../lite/Tabs';
import { PUBLIC_ROUTES } from '../../routes/table';
import { AccountFrame } from './AccountFrame';
import { HardwareKeyLogin } from './HardwareKeyLogin';
import { PasswordLoginForm } from './PasswordLoginForm';
import { SmsLoginForm } from './SmsLoginForm';

/**
 * /login: by password, by SMS code, or (explained for now) by hardware key. The account pages are
 * built without antd (src/lite), so that the first load stays light (e2e/budget.e2e.ts).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <AccountFrame
      heading={t('login.heading')}
      footer={
        <>
          {t('login.noAccount')} <Link to={PUBLIC_ROUTES.register.path}>{t('login.register')}</Link>
        </>
      }
    >
      <Tabs
        label={t('login.methods')}
        items={[
          { key: 'password', label: t('login.byPassword'), content: <PasswordLoginForm /> },
          { key: 'sms', label: t('login.bySms'), content: <SmsLoginForm /> },
          { key: 'key', label: t('login.byKey'), content: <HardwareKeyLogin /> },
        ]}
      />
    </AccountFrame>
  );
}
