import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PUBLIC_ROUTES } from '../../routes/table';
import { AccountFrame } from './AccountFrame';
import { HardwareKeyLogin } from './HardwareKeyLogin';
import { PasswordLoginForm } from './PasswordLoginForm';
import { SmsLoginForm } from './SmsLoginForm';

/** /login: by password, by SMS code, or (explained for now) by hardware key. */
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
        aria-label={t('login.methods')}
        destroyOnHidden
        items={[
          { key: 'password', label: t('login.byPassword'), children: <PasswordLoginForm /> },
          { key: 'sms', label: t('login.bySms'), children: <SmsLoginForm /> },
          { key: 'key', label: t('login.byKey'), children: <HardwareKeyLogin /> },
        ]}
      />
    </AccountFrame>
  );
}
