import { useTranslation } from 'react-i18next';
import { UserCenterHeader } from './UserCenterHeader';
import './userCenter.css';

/** The agreement's sections, in order: `userCenterPage.agreement.<id>Title` / `<id>Body`. */
export const AGREEMENT_SECTIONS = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'] as const;
/** When the agreement's text last changed. */
export const AGREEMENT_UPDATED = '2024-10-15';

/**
 * /user-center/userAgreement: the platform's user agreement in the interface language, with a
 * table of contents whose links move to (and focus) each section.
 */
export default function AgreementPage() {
  const { t } = useTranslation();
  const anchor = (id: string) => `user-agreement-${id}`;
  return (
    <div className="page user-center-page">
      <UserCenterHeader
        title={t('routes.userAgreement')}
        subtitle={t('userCenterPage.agreement.subtitle')}
      />
      <div className="user-center-agreement">
        <nav className="user-center-card user-center-toc" aria-labelledby="user-agreement-toc">
          <h2 id="user-agreement-toc" className="user-center-section-title">
            {t('userCenterPage.agreement.contents')}
          </h2>
          <ol>
            {AGREEMENT_SECTIONS.map((id) => (
              <li key={id}>
                <a
                  href={`#${anchor(id)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    const section = document.getElementById(anchor(id));
                    section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                    section?.focus({ preventScroll: true });
                  }}
                >
                  {t(`userCenterPage.agreement.${id}Title`)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="user-center-card user-center-agreement-text">
          <p className="user-center-hint">
            {t('userCenterPage.agreement.updated', { date: AGREEMENT_UPDATED })}
          </p>
          {AGREEMENT_SECTIONS.map((id) => (
            <section key={id} id={anchor(id)} tabIndex={-1} aria-labelledby={`${anchor(id)}-title`}>
              <h2 id={`${anchor(id)}-title`}>{t(`userCenterPage.agreement.${id}Title`)}</h2>
              <p>{t(`userCenterPage.agreement.${id}Body`)}</p>
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}
