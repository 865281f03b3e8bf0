import { FileProtectOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { signingTicketQuery } from '../../api/signingTicket';
import { StandalonePage } from '../../routes/Root';
import { loginPath } from '../../routes/guards';
import { PUBLIC_ROUTES } from '../../routes/table';
import { useSession } from '../../session';
import { contractDetailsPath, signContractPath } from '../contract/paths';
import { Outcome } from './Outcome';

/**
 * /custom-made: its loader has cleared what an earlier visitor left on this device and kept the
 * partner's signing ticket, if the link carried one. With a ticket, the page says what it is for
 * (the contract, the party, the phone to log in with, masked) and leads to the login, which then
 * opens the contract: to sign it when it is being signed, to its details (fill in first) otherwise.
 * Holding the link alone signs nothing: the signer logs in with the party's phone.
 */
export default function CustomMadePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ticket = useSession((state) => state.customMade);
  const info = useQuery({
    ...signingTicketQuery(ticket?.ticket ?? ''),
    enabled: ticket !== null,
  });
  const toLogin = (target?: string) =>
    navigate(target ? loginPath(Date.now(), target) : PUBLIC_ROUTES.login.path);

  if (ticket && info.isPending) {
    return (
      <StandalonePage>
        <Spin size="large" style={{ display: 'block', margin: '120px auto' }} />
      </StandalonePage>
    );
  }
  if (ticket && info.data) {
    const contract = info.data;
    const target =
      contract.status === 'signing'
        ? signContractPath(contract.contractId)
        : contractDetailsPath(contract.contractId);
    return (
      <StandalonePage>
        <Outcome
          icon={<FileProtectOutlined aria-hidden />}
          heading={t('customMade.signHeading', { name: contract.contractName })}
          description={t(contract.from ? 'customMade.signFrom' : 'customMade.sign', {
            from: contract.from,
            party: contract.party,
            phone: contract.maskedPhone,
          })}
          action={{ label: t('customMade.toSign'), onClick: () => toLogin(target) }}
        />
      </StandalonePage>
    );
  }
  return (
    <StandalonePage>
      <Outcome
        status={ticket ? 'warning' : 'info'}
        heading={t('routes.customMade')}
        description={t(ticket ? 'customMade.expired' : 'customMade.description')}
        action={{ label: t('customMade.toLogin'), onClick: () => toLogin() }}
      />
    </StandalonePage>
  );
}
