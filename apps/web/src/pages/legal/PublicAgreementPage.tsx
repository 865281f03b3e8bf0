import { useTranslation } from 'react-i18next';
import { AGREEMENT_SECTIONS, AGREEMENT_UPDATED } from '../userCenter/AgreementPage';
import { LegalDocument } from './LegalDocument';

/** /agreement: the user agreement the user center shows, readable before signing in. */
export default function PublicAgreementPage() {
  const { t } = useTranslation();
  return (
    <LegalDocument
      id="user-agreement"
      title={t('routes.userAgreement')}
      subtitle={t('userCenterPage.agreement.subtitle')}
      updated={AGREEMENT_UPDATED}
      sections={AGREEMENT_SECTIONS.map((id) => ({
        id,
        title: t(`userCenterPage.agreement.${id}Title`),
        body: t(`userCenterPage.agreement.${id}Body`),
      }))}
    />
  );
}
