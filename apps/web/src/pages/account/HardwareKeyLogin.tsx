import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** What logging in with a hardware key needs; the key login itself comes in a later release. */
export function HardwareKeyLogin() {
  const { t } = useTranslation();
  return (
    <div className="key-login">
      <p>{t('login.keyIntro')}</p>
      <ul className="key-needs">
        <li>{t('login.keyDevice')}</li>
        <li>{t('login.keyDriver')}</li>
        <li>{t('login.keyPin')}</li>
      </ul>
      <Alert type="info" showIcon title={t('login.keyLater')} />
      <Button block disabled icon={<SafetyCertificateOutlined />} className="key-submit">
        {t('login.keySubmit')}
      </Button>
    </div>
  );
}
