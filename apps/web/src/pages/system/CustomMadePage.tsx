import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { StandalonePage } from '../../routes/Root';
import { PUBLIC_ROUTES } from '../../routes/table';
import { useSession } from '../../session';
import { Outcome } from './Outcome';

/**
 * /custom-made: its loader has cleared what an earlier visitor left on this device and kept the
 * partner's signing ticket, if the link carried one; the signer logs in to sign.
 */
export default function CustomMadePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ticket = useSession((state) => state.customMade);
  return (
    <StandalonePage>
      <Outcome
        status="info"
        heading={t('routes.customMade')}
        description={t(ticket ? 'customMade.withTicket' : 'customMade.description')}
        action={{
          label: t('customMade.toLogin'),
          onClick: () => navigate(PUBLIC_ROUTES.login.path),
        }}
      />
    </StandalonePage>
  );
}
