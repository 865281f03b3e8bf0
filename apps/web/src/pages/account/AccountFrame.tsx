import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Brand } from '../../layout/Brand';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { PUBLIC_ROUTES } from '../../routes/table';

/** The frame of the account screens: the product, the language switch and one card. */
export function AccountFrame({
  heading,
  children,
  footer,
}: {
  heading: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="account-page lite-root">
      <header className="account-top">
        <Link to={PUBLIC_ROUTES.login.path} className="brand-link">
          <Brand />
        </Link>
        <LanguageSwitch />
      </header>
      <main className="account-main">
        <section className="account-card" aria-labelledby="account-heading">
          <h1 id="account-heading" className="account-heading">
            {heading}
          </h1>
          <p className="account-tagline">{t('account.tagline')}</p>
          {children}
          {footer ? <footer className="account-footer">{footer}</footer> : null}
        </section>
      </main>
    </div>
  );
}
