import { ShoppingCartOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { feeQueries } from '../../api/fees';
import { useFeeConsole } from './useFeeConsole';
import { WalletFigures } from './WalletFigures';
import './cost.css';

/**
 * The account's wallet at a glance (the corporate account, the personal account): what remains to
 * spend, what is held and what ends within 30 days, "Buy" to the mall and the way into the fee
 * center — each only where the member may use it, and nothing at all on a platform without fees
 * (system type 1), where the caller does not show it.
 */
export function AccountOverview() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fee = useFeeConsole();
  const seesWallet = fee.holds('fee:wallet');
  const wallet = useQuery({ ...feeQueries.wallet(fee.companyId), enabled: seesWallet });
  if (!fee.showsFees) return null;
  const links = [
    { path: fee.cost.wallet, label: t('routes.wallet'), permission: 'fee:wallet' },
    { path: fee.cost.order, label: t('routes.orders'), permission: 'fee:order' },
    { path: fee.cost.bill, label: t('routes.bills'), permission: 'fee:bill' },
    { path: fee.cost.gifts, label: t('routes.gifts'), permission: 'fee:gift' },
    { path: fee.cost.invoices, label: t('routes.invoices'), permission: 'fee:invoice' },
  ] as const;
  return (
    <div className="fee-overview">
      {seesWallet ? (
        wallet.isError && !wallet.data ? (
          <Empty description={t('fees.loadFailed')}>
            <Button onClick={() => void wallet.refetch()}>{t('common.retry')}</Button>
          </Empty>
        ) : wallet.data ? (
          <WalletFigures wallet={wallet.data} />
        ) : (
          <Skeleton active paragraph={{ rows: 3 }} />
        )
      ) : null}
      <div className="fee-overview-moves">
        {fee.holds('account:buy') ? (
          <Button
            type="primary"
            icon={<ShoppingCartOutlined aria-hidden />}
            onClick={() => void navigate(fee.shop.mall)}
          >
            {t('fees.buy')}
          </Button>
        ) : null}
        <nav aria-label={t('fees.overview.links')} className="fee-overview-links">
          <span className="fee-muted">{t('fees.overview.links')}:</span>
          <Space wrap size="middle">
            {links
              .filter((link) => fee.holds(link.permission))
              .map((link) => (
                <Link key={link.path} to={link.path}>
                  {link.label}
                </Link>
              ))}
          </Space>
        </nav>
      </div>
    </div>
  );
}
