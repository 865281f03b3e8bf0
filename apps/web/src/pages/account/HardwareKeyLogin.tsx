import { useTranslation } from 'react-i18next';
import { Button } from '../../lite/Button';
import { Notice } from '../../lite/bits';
import { KeyIcon } from '../../lite/icons';

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
      <Notice>{t('login.keyLater')}</Notice>
      <Button block disabled icon={<KeyIcon />} className="key-submit">
        {t('login.keySubmit')}
      </Button>
    </div>
  );
}
