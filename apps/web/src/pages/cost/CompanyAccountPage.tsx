import { useTranslation } from 'react-i18next';
import { AccountOverview } from './AccountOverview';
import { FeeScreen } from './FeeScreen';

/**
 * /enterprise-console/account (spec 001 §2 corporate account): the company's wallet at a glance,
 * "Buy" (under `account:buy`) and the way into its fee center.
 */
export default function CompanyAccountPage() {
  const { t } = useTranslation();
  return (
    <FeeScreen needs="account:view">
      {(fee) => (
        <div className="page fee-page">
          <header className="page-header">
            <h1 className="page-title">{t('routes.companyAccount')}</h1>
            <p className="page-subtitle">
              {t('fees.overview.companySubtitle', { company: fee.companyName })}
            </p>
          </header>
          <section className="fee-card">
            <AccountOverview />
          </section>
        </div>
      )}
    </FeeScreen>
  );
}
