import { SafetyCertificateOutlined, WalletOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Result, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { userCenterQueries } from '../../api/userCenter';
import { useSession } from '../../session';
import { AccountOverview } from '../cost/AccountOverview';
import { CloseAccountSection } from './CloseAccountSection';
import { UserCenterHeader } from './UserCenterHeader';
import './userCenter.css';

/**
 * /user-center/account: what the personal account is (holder, phone, registration day,
 * verification), its wallet at a glance with "Buy" and the way into the fee center
 * (AccountOverview), and closing it (CloseAccountSection). Not offered when the system type is 1
 * (the sidebar hides it; an address typed by hand says so here).
 */
export default function AccountPage() {
  const { t } = useTranslation();
  const sysType = useSession((state) => state.sysType);
  const profile = useQuery({ ...userCenterQueries.profile(), enabled: sysType !== 1 });
  const data = profile.data;

  if (sysType === 1) {
    return (
      <div className="page user-center-page">
        <Result status="info" title={t('userCenterPage.account.unavailable')} />
      </div>
    );
  }
  return (
    <div className="page user-center-page">
      <UserCenterHeader
        title={t('routes.personalAccount')}
        subtitle={t('userCenterPage.account.subtitle')}
      />
      <section className="user-center-card">
        {profile.isError && !data ? (
          <Empty description={t('userCenterPage.loadFailed')}>
            <Button onClick={() => void profile.refetch()}>{t('common.retry')}</Button>
          </Empty>
        ) : !data ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <Descriptions column={1} bordered size="middle" className="user-center-details">
            <Descriptions.Item label={t('userCenterPage.account.holder')}>
              <strong>{data.name}</strong>
            </Descriptions.Item>
            <Descriptions.Item label={t('userCenterPage.account.phone')}>
              {data.maskedPhone}
            </Descriptions.Item>
            <Descriptions.Item label={t('userCenterPage.account.registeredAt')}>
              {data.registeredAt}
            </Descriptions.Item>
            <Descriptions.Item label={t('userCenterPage.account.verification')}>
              {data.realNameVerified ? (
                <Tag color="success" icon={<SafetyCertificateOutlined aria-hidden />}>
                  {t('userCenterPage.account.verified')}
                </Tag>
              ) : (
                <Tag>{t('userCenterPage.account.notVerified')}</Tag>
              )}
            </Descriptions.Item>
          </Descriptions>
        )}
      </section>
      <section className="user-center-card">
        <h2 className="user-center-section-title">
          <WalletOutlined aria-hidden /> {t('userCenterPage.account.walletTitle')}
        </h2>
        <AccountOverview />
      </section>
      {data ? <CloseAccountSection maskedPhone={data.maskedPhone} /> : null}
    </div>
  );
}
