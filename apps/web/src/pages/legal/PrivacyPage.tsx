import { useTranslation } from 'react-i18next';
import { LegalDocument } from './LegalDocument';

/** The policy's sections, in order: `legal.privacy.<id>Title` / `<id>Body`. */
export const PRIVACY_SECTIONS = ['s1', 's2', 's3', 's4', 's5', 's6'] as const;
/** When the policy's text last changed. */
export const PRIVACY_UPDATED = '2026-11-28';

/** /privacy: the privacy policy, readable before signing in. */
export default function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <LegalDocument
      id="privacy-policy"
      title={t('routes.privacyPolicy')}
      subtitle={t('legal.privacy.subtitle')}
      updated={PRIVACY_UPDATED}
      sections={PRIVACY_SECTIONS.map((id) => ({
        id,
        title: t(`legal.privacy.${id}Title`),
        body: t(`legal.privacy.${id}Body`),
      }))}
    />
  );
}
