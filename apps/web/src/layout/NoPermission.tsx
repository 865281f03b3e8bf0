import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Outcome } from '../pages/system/Outcome';
import { HOME_PATH } from '../routes/table';

/** Shown instead of a page the user's role in the company does not grant. */
export function NoPermission() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Outcome
      icon={<StopOutlined aria-hidden />}
      heading={t('noPermission.title')}
      description={t('noPermission.blocked')}
      action={{ label: t('noPermission.home'), onClick: () => navigate(HOME_PATH) }}
    />
  );
}
