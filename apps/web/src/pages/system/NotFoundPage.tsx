import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { StandalonePage } from '../../routes/Root';
import { HOME_PATH } from '../../routes/table';
import { Outcome } from './Outcome';

/** /404: where unknown paths land. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StandalonePage>
      <Outcome
        status="404"
        heading={t('routes.notFound')}
        description={t('notFound.description')}
        action={{ label: t('common.backHome'), onClick: () => navigate(HOME_PATH) }}
      />
    </StandalonePage>
  );
}
