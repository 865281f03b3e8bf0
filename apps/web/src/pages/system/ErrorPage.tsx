import { useTranslation } from 'react-i18next';
import { StandalonePage } from '../../routes/Root';
import { Outcome } from './Outcome';

/** What a screen that crashed shows instead of a blank page. */
export default function ErrorPage() {
  const { t } = useTranslation();
  return (
    <StandalonePage>
      <Outcome
        status="500"
        heading={t('error.title')}
        description={t('error.description')}
        action={{ label: t('error.reload'), onClick: () => window.location.reload() }}
      />
    </StandalonePage>
  );
}
