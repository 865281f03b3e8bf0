import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Outcome } from '../pages/system/Outcome';
import { REAL_NAME_PATH } from '../routes/guards';

/** Shown instead of a page that needs real-name authentication the user has not done yet. */
export function RealNameRequired() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Outcome
      icon={<SafetyCertificateOutlined aria-hidden />}
      heading={t('realName.title')}
      description={t('realName.blocked')}
      action={{ label: t('realName.authenticate'), onClick: () => navigate(REAL_NAME_PATH) }}
    />
  );
}
