import { AuditOutlined } from '@ant-design/icons';
import {
  APPROVAL_SEARCH_MAX,
  APPROVAL_STATES,
  APPROVAL_TABS,
  approvalViewLink,
  type ApprovalState,
  type ApprovalTab,
  type SigningApprovalListItem,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Empty, Input, Select, Tabs, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { approvalQueries } from '../../api/signingApproval';
import { useIsMobile } from '../../layout/useIsMobile';
import { DEFAULT_PAGE_SIZE, tablePagination } from '../../lists/paging';
import { ResponsiveTable } from '../../lists/ResponsiveTable';
import { useSession } from '../../session';
import { ApprovalCompanyGate } from './ApprovalCompanyGate';
import { ApprovalStateTag, ApprovalTypeTag } from './ApprovalTags';
import {
  approvalFiltersFromSearch,
  approvalPageParams,
  changeApprovalFilters,
  searchFromApprovalFilters,
  type ApprovalFilters,
} from './approvalFilters';
import './approvalInbox.css';

/**
 * What a tab without approvals says: what would be there and where it comes from, or that the
 * search or the state filter found nothing.
 */
function NothingInTab({ filters }: { filters: ApprovalFilters }) {
  const { t } = useTranslation();
  const title = filters.name
    ? t('approvalInbox.noMatch', { keyword: filters.name })
    : filters.state
      ? t('approvalInbox.noneInState', { state: t(`approvalInbox.state.${filters.state}`) })
      : t(`approvalInbox.empty.${filters.tab}.title`);
  return (
    <Empty
      className="approval-inbox-empty"
      image={<AuditOutlined className="approval-inbox-empty-icon" aria-hidden />}
      description={
        <>
          <strong className="approval-inbox-empty-title">{title}</strong>
          {filters.name || filters.state ? null : (
            <span className="approval-inbox-empty-hint">
              {t(`approvalInbox.empty.${filters.tab}.hint`)}
            </span>
          )}
        </>
      }
    />
  );
}

function ApprovalList() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const tabWords = mobile ? 'tabsShort' : 'tabs';
  const navigate = useNavigate();
  const companyId = useSession((state) => state.companyId);
  const [search, setSearch] = useSearchParams();
  const filters = approvalFiltersFromSearch(search);
  const [typed, setTyped] = useState({ for: filters.name, text: filters.name });
  const list = useQuery(approvalQueries.page(companyId, approvalPageParams(filters)));
  // The count beside "Pending my approval": what waits for the person, whichever tab is open.
  const waiting = useQuery(
    approvalQueries.page(companyId, { tab: 'pending', current: 1, size: DEFAULT_PAGE_SIZE }),
  );
  const setFilters = (change: Partial<ApprovalFilters>) =>
    setSearch(searchFromApprovalFilters(changeApprovalFilters(filters, change)));
  const typedText = typed.for === filters.name ? typed.text : filters.name;

  const open = (approval: SigningApprovalListItem) =>
    navigate(approvalViewLink(approval.active, approval.id));

  const columns: TableColumnsType<SigningApprovalListItem> = [
    {
      title: t('approvalInbox.columns.contract'),
      key: 'contract',
      render: (_, approval) => (
        <span className="approval-inbox-contract">
          <Link to={approvalViewLink(approval.active, approval.id)} className="approval-inbox-name">
            {approval.contractName}
          </Link>
          <span className="approval-inbox-number">{approval.contractNumber}</span>
        </span>
      ),
    },
    { title: t('approvalInbox.columns.applicant'), dataIndex: 'applicantName', key: 'applicant' },
    {
      title: t('approvalInbox.columns.flow'),
      key: 'flow',
      render: (_, approval) => approval.workflowName || t('approvalInbox.byAdministrator'),
    },
    {
      title: t('approvalInbox.columns.type'),
      key: 'type',
      render: (_, approval) => <ApprovalTypeTag type={approval.type} />,
    },
    {
      title: t('approvalInbox.columns.state'),
      key: 'state',
      render: (_, approval) => <ApprovalStateTag state={approval.state} />,
    },
    {
      title: t('approvalInbox.columns.appliedAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      className: 'approval-inbox-time',
    },
    {
      title: t('approvalInbox.columns.actions'),
      key: 'actions',
      render: (_, approval) => (
        <Button
          type={approval.state === 'pending' ? 'primary' : 'link'}
          size="small"
          aria-label={t(
            approval.state === 'pending' ? 'approvalInbox.decideLabel' : 'approvalInbox.viewLabel',
            { name: approval.contractName },
          )}
          onClick={() => open(approval)}
        >
          {t(approval.state === 'pending' ? 'approvalInbox.decide' : 'approvalInbox.view')}
        </Button>
      ),
    },
  ];

  const pendingCount = waiting.data?.total ?? 0;
  return (
    <div className="page list-page approval-inbox-page">
      <header className="page-header list-page-header">
        <div>
          <h1 className="page-title">{t('routes.approval')}</h1>
          <p className="page-subtitle">{t('approvalInbox.subtitle')}</p>
        </div>
      </header>
      <section className="approval-inbox-main">
        <Tabs
          activeKey={filters.tab}
          // On a phone the four tabs keep their short names, all on the screen at once.
          {...(mobile ? { tabBarGutter: 20 } : {})}
          onChange={(tab) => setFilters({ tab: tab as ApprovalTab })}
          items={APPROVAL_TABS.map((tab) => ({
            key: tab,
            label:
              tab === 'pending' && pendingCount > 0 ? (
                <span className="approval-inbox-tab">
                  {t(`approvalInbox.${tabWords}.${tab}`)}
                  <Badge
                    count={pendingCount}
                    overflowCount={99}
                    className="approval-inbox-badge"
                    aria-label={t('approvalInbox.waitingCount', { count: pendingCount })}
                  />
                </span>
              ) : (
                t(`approvalInbox.${tabWords}.${tab}`)
              ),
          }))}
        />
        <div className="approval-inbox-toolbar" role="search">
          <Input.Search
            className="approval-inbox-search"
            aria-label={t('approvalInbox.search')}
            placeholder={t('approvalInbox.searchPlaceholder')}
            allowClear
            maxLength={APPROVAL_SEARCH_MAX}
            value={typedText}
            onChange={(event) => setTyped({ for: filters.name, text: event.target.value })}
            onSearch={(value) => setFilters({ name: value.trim() })}
          />
          <Select<ApprovalState | ''>
            className="approval-inbox-state"
            aria-label={t('approvalInbox.stateFilter')}
            value={filters.state ?? ''}
            onChange={(value) => setFilters({ state: value || undefined })}
            options={[
              { value: '', label: t('approvalInbox.allStates') },
              ...APPROVAL_STATES.map((state) => ({
                value: state,
                label: t(`approvalInbox.state.${state}`),
              })),
            ]}
          />
        </div>
        {list.isError && !list.data ? (
          <Empty description={t('approvalInbox.loadFailed')}>
            <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
          </Empty>
        ) : list.data?.total === 0 ? (
          <>
            <NothingInTab filters={filters} />
            {filters.name || filters.state ? (
              <div className="approval-inbox-clear">
                <Button
                  onClick={() => {
                    setTyped({ for: '', text: '' });
                    setFilters({ name: '', state: undefined });
                  }}
                >
                  {t('approvalInbox.clearSearch')}
                </Button>
              </div>
            ) : null}
          </>
        ) : (
          <ResponsiveTable<SigningApprovalListItem>
            className="approval-inbox-table"
            rowKey="id"
            card={{
              label: (approval) => approval.contractName,
              title: (approval) => (
                <Link
                  to={approvalViewLink(approval.active, approval.id)}
                  className="approval-inbox-name"
                >
                  {approval.contractName}
                </Link>
              ),
              badge: 'state',
              lines: ['applicant', 'flow', 'type', 'createdAt'],
              actions: 'actions',
            }}
            columns={columns}
            dataSource={list.data?.records ?? []}
            loading={list.isFetching}
            pagination={tablePagination(
              filters,
              list.data?.total ?? 0,
              (count) => t('approvalInbox.total', { count }),
              setFilters,
            )}
          />
        )}
      </section>
    </div>
  );
}

/**
 * /approval/index (spec 000 §2, issue 30): the company's signing approvals that concern the
 * person, in four tabs — my initiations, received by me, pending my approval (counted on the tab),
 * copied to me — each searchable by contract name, filtered by state and paged, all in the address.
 * Each row: the contract, applicant, flow, type, state and when it was applied for; on a phone the
 * rows are cards. An approval waiting for the person opens with "Decide".
 */
export default function ApprovalListPage() {
  return (
    <ApprovalCompanyGate>
      <ApprovalList />
    </ApprovalCompanyGate>
  );
}
