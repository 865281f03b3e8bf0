import type { Wallet } from '@esign/platform';
import { useTranslation } from 'react-i18next';

/**
 * Per unit (signings, evidence report copies) what the console can spend now, what contracts under
 * way hold, what ends within 30 days, and what starts on a later day — the server's figures.
 */
export function WalletFigures({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation();
  return (
    <ul className="fee-figures">
      {wallet.units.map((unit) => (
        <li key={unit.unit} className="fee-figure" aria-labelledby={`fee-figure-${unit.unit}`}>
          <h3 className="fee-figure-title" id={`fee-figure-${unit.unit}`}>
            {t(`fees.wallet.remaining.${unit.unit}`)}
          </h3>
          <p className="fee-figure-value">{unit.remaining}</p>
          <dl className="fee-figure-lines">
            <div>
              <dt>{t('fees.wallet.held')}</dt>
              <dd>{unit.held}</dd>
            </div>
            <div className={unit.expiringSoon > 0 ? 'fee-figure-soon' : undefined}>
              <dt>{t('fees.wallet.expiringWithin')}</dt>
              <dd>{unit.expiringSoon}</dd>
            </div>
            {unit.pending > 0 ? (
              <div>
                <dt>{t('fees.wallet.pending')}</dt>
                <dd>{unit.pending}</dd>
              </div>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}
