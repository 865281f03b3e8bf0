import { FileAddOutlined, FileTextOutlined } from '@ant-design/icons';
import { PERSONAL_CONSOLE_ID, type ContractStatistics } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { queries } from '../../api/queries';
import { staffQueries } from '../../api/staff';
import { useGuardedNavigate } from '../../layout/useGuardedNavigate';
import { REAL_NAME_PATH } from '../../routes/guards';
import { useSession } from '../../session';
import { isFirstVisit, rememberGreeted } from './greeting';

const CONTRACT_LIST = '/agency-contract/index';
/** Where the personal console answers invitations to join a company. */
const INVITATIONS_PATH = '/enterprise-console/staff_list';

/** The statuses the home screen counts, in the order a contract passes through them. */
const STATUSES: (keyof ContractStatistics)[] = [
  'filling',
  'signing',
  'completed',
  'refused',
  'approvalRejected',
  'expired',
];

function QuickAction({
  icon,
  title,
  hint,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  onClick(): void;
}) {
  return (
    <button type="button" className="quick-action" onClick={onClick}>
      <span className="quick-action-icon" aria-hidden>
        {icon}
      </span>
      <span className="quick-action-text">
        <span className="quick-action-title">{title}</span>
        <span className="quick-action-hint">{hint}</span>
      </span>
    </button>
  );
}

/** The counts of the console's contracts by status, each opening the list filtered by it. */
function ContractCounts() {
  const { t } = useTranslation();
  const { go } = useGuardedNavigate();
  const companyId = useSession((state) => state.companyId);
  const statistics = useQuery(queries.contractStatistics(companyId));

  if (statistics.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (statistics.isError) {
    return (
      <Empty
        description={
          <>
            <strong>{t('dashboard.countsUnavailable')}</strong>
            <br />
            {t('dashboard.countsUnavailableHint')}
          </>
        }
      >
        <Button onClick={() => void statistics.refetch()}>{t('common.retry')}</Button>
      </Empty>
    );
  }
  return (
    <ul className="status-counts">
      {STATUSES.map((status) => (
        <li key={status}>
          <button
            type="button"
            className={`status-count status-${status}`}
            // My contracts: every contract of the console, as the counts are.
            onClick={() => go(`${CONTRACT_LIST}?tab=all&status=${status}`)}
          >
            <span className="status-count-value">{statistics.data[status]}</span>
            <span className="status-count-label">{t(`dashboard.status.${status}`)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * In the personal console: the invitations to join a company waiting for the user, leading to
 * where they are accepted or declined (the staff page of the personal console).
 */
function InvitationsBanner() {
  const { t } = useTranslation();
  const { go } = useGuardedNavigate();
  const companyId = useSession((state) => state.companyId);
  const mine = useQuery({
    ...staffQueries.mine(companyId),
    enabled: companyId === PERSONAL_CONSOLE_ID,
  });
  const invitations = mine.data?.invitations ?? [];
  if (companyId !== PERSONAL_CONSOLE_ID || invitations.length === 0) return null;
  const [first] = invitations;
  return (
    <Alert
      className="page-alert"
      type="info"
      showIcon
      title={
        invitations.length === 1
          ? t('dashboard.invitation', { company: first!.companyName })
          : t('dashboard.invitations', { count: invitations.length })
      }
      action={
        <Button size="small" type="primary" onClick={() => go(INVITATIONS_PATH)}>
          {t('dashboard.viewInvitations')}
        </Button>
      }
    />
  );
}

/** /dashboard: a greeting, quick actions and the contract counts by status. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { go } = useGuardedNavigate();
  const user = useSession((state) => state.userInfo);
  const userId = user?.id ?? null;
  // Decided once per visit: the greeting does not turn into "welcome back" while it is read.
  const [firstVisit] = useState(() => userId !== null && isFirstVisit(userId, localStorage));
  useEffect(() => {
    if (userId !== null) rememberGreeted(userId, localStorage);
  }, [userId]);

  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-title">{t('routes.dashboard')}</h1>
        {user ? (
          <p className="page-subtitle">
            {t(firstVisit ? 'dashboard.welcomeFirst' : 'dashboard.welcome', {
              name: user.name || user.phone,
            })}
          </p>
        ) : null}
      </header>
      {user?.authStep === 'NOT' ? (
        <Alert
          className="page-alert"
          type="warning"
          showIcon
          title={t('realName.banner')}
          action={
            <Button size="small" type="primary" onClick={() => go(REAL_NAME_PATH)}>
              {t('realName.authenticate')}
            </Button>
          }
        />
      ) : null}
      <InvitationsBanner />
      <section aria-labelledby="quick-actions" className="page-section">
        <h2 id="quick-actions" className="section-title">
          {t('dashboard.quickActions')}
        </h2>
        <div className="quick-actions">
          <QuickAction
            icon={<FileAddOutlined />}
            title={t('dashboard.initiate')}
            hint={t('dashboard.initiateHint')}
            onClick={() => go('/agency-contract/directly-launch')}
          />
          <QuickAction
            icon={<FileTextOutlined />}
            title={t('dashboard.templates')}
            hint={t('dashboard.templatesHint')}
            onClick={() => go('/template/index')}
          />
        </div>
      </section>
      <section aria-labelledby="contract-counts" className="page-section">
        <Card
          title={
            <h2 id="contract-counts" className="section-title">
              {t('dashboard.counts')}
            </h2>
          }
        >
          <ContractCounts />
        </Card>
      </section>
    </div>
  );
}
