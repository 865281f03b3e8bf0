import { ShoppingCartOutlined } from '@ant-design/icons';
import {
  FEE_UNITS,
  PACKAGE_VALID_DAYS,
  type FeeUnit,
  type Locale,
  type SignPackage,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { feeQueries } from '../../api/fees';
import { FeeScreen } from './FeeScreen';
import { money, nameIn } from './feeFormat';
import { confirmPath } from './paths';
import type { FeeConsole } from './useFeeConsole';

/** A package's validity: one year (spec 001 §9), or its days when an operator set others. */
export function useValidity() {
  const { t } = useTranslation();
  return (validDays: number) =>
    validDays === PACKAGE_VALID_DAYS
      ? t('fees.mall.validYear')
      : t('fees.mall.validDays', { count: validDays });
}

/** A package's units: "100 signings", "10 evidence report copies". */
export function useUnits() {
  const { t } = useTranslation();
  return (unit: FeeUnit, count: number) => t(`fees.units.${unit}`, { count });
}

function PackageCard({
  item,
  fee,
  locale,
}: {
  item: SignPackage;
  fee: FeeConsole;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const validity = useValidity();
  const units = useUnits();
  const navigate = useNavigate();
  const name = nameIn(item, locale);
  return (
    <li className="fee-package" aria-label={name}>
      <h3 className="fee-package-name">{name}</h3>
      <p className="fee-package-units">{units(item.unit, item.signings)}</p>
      <p className="fee-package-price">{money(item.priceFen, locale)}</p>
      <p className="fee-muted">{validity(item.validDays)}</p>
      <Button
        type="primary"
        className="fee-package-buy"
        icon={<ShoppingCartOutlined aria-hidden />}
        aria-label={t('fees.mall.buyLabel', { name })}
        onClick={() => void navigate(confirmPath(fee.area, item.id))}
      >
        {t('fees.mall.buy')}
      </Button>
    </li>
  );
}

/**
 * /user-center/mall and /enterprise-console/mall: the packages on sale for the console (the
 * server answers the personal console's or the company's), grouped by what they hold — signings,
 * then evidence report copies — each with its price, units and validity, and Buy.
 */
function Mall({ fee }: { fee: FeeConsole }) {
  const { t } = useTranslation();
  const packages = useQuery(feeQueries.packages(fee.companyId));
  const groups = FEE_UNITS.map((unit) => ({
    unit,
    items: (packages.data ?? []).filter((item) => item.unit === unit),
  })).filter((group) => group.items.length > 0);
  return (
    <div className="page list-page fee-page">
      <header className="page-header">
        <h1 className="page-title">{t('routes.mall')}</h1>
        <p className="page-subtitle">
          {fee.personal
            ? t('fees.mall.subtitlePersonal')
            : t('fees.mall.subtitleCompany', { company: fee.companyName })}
        </p>
      </header>
      {packages.isError && !packages.data ? (
        <Empty description={t('fees.loadFailed')}>
          <Button onClick={() => void packages.refetch()}>{t('common.retry')}</Button>
        </Empty>
      ) : !packages.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : groups.length === 0 ? (
        <Empty description={t('fees.mall.none')} />
      ) : (
        groups.map((group) => (
          <section
            key={group.unit}
            className="fee-section"
            aria-labelledby={`fee-mall-${group.unit}`}
          >
            <h2 className="section-title" id={`fee-mall-${group.unit}`}>
              {t(`fees.mall.group.${group.unit}`)}
            </h2>
            <p className="fee-muted fee-section-intro">{t(`fees.mall.groupHint.${group.unit}`)}</p>
            <ul className="fee-packages">
              {group.items.map((item) => (
                <PackageCard key={item.id} item={item} fee={fee} locale={fee.locale} />
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}

export default function MallPage() {
  return <FeeScreen needs="account:buy">{(fee) => <Mall fee={fee} />}</FeeScreen>;
}
