import { Alert, Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { REAL_NAME_PATH } from '../../routes/guards';
import { useSession } from '../../session';
import { BackToSigning } from './CompanyAuthFlow';
import './companyAuth.css';

/**
 * /custom-auth/personal: a signer from a partner's custom-made link who signs as a person: the
 * personal real-name flow (/real-name/…), then back to signing.
 */
export default function CustomAuthPersonalPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verified = useSession((state) => state.userInfo?.authStep === 'VERIFIED');
  return (
    <div className="page company-auth-page">
      <header className="page-header">
        <div>
          <h1 className="page-title">{t('companyAuthPage.personalTitle')}</h1>
          <p className="page-subtitle">{t('companyAuthPage.personalIntro')}</p>
        </div>
      </header>
      <Alert type="info" showIcon title={t('companyAuthPage.customNotice')} />
      <section className="company-auth-body">
        {verified ? (
          <Result
            status="success"
            title={t('companyAuthPage.personalVerified')}
            extra={<BackToSigning />}
          />
        ) : (
          <Result
            status="info"
            title={t('companyAuthPage.personalTitle')}
            extra={
              <Space wrap>
                <Button type="primary" onClick={() => void navigate(REAL_NAME_PATH)}>
                  {t('companyAuthPage.personalStart')}
                </Button>
                <BackToSigning />
              </Space>
            }
          />
        )}
      </section>
    </div>
  );
}
