import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { StandalonePage } from '../../routes/Root';
import { PUBLIC_ROUTES } from '../../routes/table';
import { Outcome } from './Outcome';

/** /custom-made: its loader has cleared localStorage; custom-made signing itself comes later. */
export default function CustomMadePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StandalonePage>
      <Outcome
        status="info"
        heading={t('routes.customMade')}
        description={t('customMade.description')}
        action={{
          label: t('customMade.toLogin'),
          onClick: () => navigate(PUBLIC_ROUTES.login.path),
        }}
      />
    </StandalonePage>
  );
}
