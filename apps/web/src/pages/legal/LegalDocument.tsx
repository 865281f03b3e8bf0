import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StandalonePage } from '../../routes/Root';
import { PUBLIC_ROUTES } from '../../routes/table';
import './legal.css';

/**
 * A legal text anyone may read before signing in (the register page links here): its title,
 * when it last changed, a table of contents and its sections.
 */
export function LegalDocument({
  id,
  title,
  subtitle,
  updated,
  sections,
}: {
  id: string;
  title: string;
  subtitle: string;
  updated: string;
  sections: readonly { id: string; title: string; body: string }[];
}) {
  const { t } = useTranslation();
  const anchor = (section: string) => `${id}-${section}`;
  return (
    <StandalonePage>
      <article className="legal-document" aria-labelledby={`${id}-title`}>
        <p>
          <Link to={PUBLIC_ROUTES.register.path}>{t('legal.backToRegister')}</Link>
        </p>
        <h1 id={`${id}-title`}>{title}</h1>
        <p className="legal-muted">{subtitle}</p>
        <p className="legal-muted">{t('legal.updated', { date: updated })}</p>
        <nav aria-labelledby={`${id}-contents`}>
          <h2 id={`${id}-contents`}>{t('legal.contents')}</h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${anchor(section.id)}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section) => (
          <section
            key={section.id}
            id={anchor(section.id)}
            aria-labelledby={`${anchor(section.id)}-title`}
          >
            <h2 id={`${anchor(section.id)}-title`}>{section.title}</h2>
            <p>{section.body}</p>
          </section>
        ))}
      </article>
    </StandalonePage>
  );
}
