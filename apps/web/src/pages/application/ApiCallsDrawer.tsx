import type { AccessParty, OpenApiCall } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Switch, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { integrationQueries } from '../../api/integrations';
import { formatDateTime } from '../../i18n/dates';
import { localeOf } from '../../i18n/locale';
import { useIsMobile } from '../../layout/useIsMobile';
import { DEFAULT_PAGE_SIZE, tablePagination, type ListPaging } from '../../lists/paging';
import { ResponsiveTable } from '../../lists/ResponsiveTable';
import { useSession } from '../../session';
import { contractDetailsPath } from '../contract/paths';

/**
 * The open API calls an access party made (systemAccess/calls, kept 90 days): when, which call,
 * how it was answered and how long it took, and the contract it was about — what a company reads
 * when its integration misbehaves. "Refused only" keeps the 4xx and 5xx.
 */
export function ApiCallsDrawer({ party, onClose }: { party: AccessParty | null; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const mobile = useIsMobile();
  const companyId = useSession((state) => state.companyId);
  const [paging, setPaging] = useState<ListPaging>({ current: 1, size: DEFAULT_PAGE_SIZE });
  const [failed, setFailed] = useState(false);
  const calls = useQuery({
    ...integrationQueries.calls(companyId, { id: party?.id ?? '', failed, ...paging }),
    enabled: party !== null,
  });

  const columns: TableColumnsType<OpenApiCall> = [
    {
      title: t('integrations.calls.columns.time'),
      key: 'time',
      render: (_, call) => (
        <span className="application-time">{formatDateTime(call.at, locale)}</span>
      ),
    },
    {
      title: t('integrations.calls.columns.call'),
      key: 'call',
      render: (_, call) => (
        <code className="application-call">
          {call.method} {call.path}
        </code>
      ),
    },
    {
      title: t('integrations.calls.columns.status'),
      key: 'status',
      render: (_, call) => (
        <Tag color={call.status < 400 ? 'success' : 'error'}>HTTP {call.status}</Tag>
      ),
    },
    {
      title: t('integrations.calls.columns.duration'),
      key: 'duration',
      render: (_, call) => t('integrations.calls.duration', { ms: call.durationMs }),
    },
    {
      title: t('integrations.calls.columns.contract'),
      key: 'contract',
      render: (_, call) =>
        call.contractId ? (
          <Link to={contractDetailsPath(call.contractId)}>
            {t('integrations.calls.contract', { id: call.contractId })}
          </Link>
        ) : (
          <span className="application-muted">—</span>
        ),
    },
  ];

  return (
    <Drawer
      open={party !== null}
      title={party ? t('integrations.calls.title', { name: party.name }) : ''}
      size={mobile ? '100%' : 820}
      onClose={onClose}
      destroyOnHidden
    >
      <p className="application-muted">{t('integrations.calls.hint')}</p>
      <label className="application-calls-filter">
        <Switch
          size="small"
          checked={failed}
          onChange={(on) => {
            setFailed(on);
            setPaging((before) => ({ ...before, current: 1 }));
          }}
        />
        <span>{t('integrations.calls.failedOnly')}</span>
      </label>
      {calls.isError && !calls.data ? (
        <Empty description={t('integrations.calls.loadFailed')}>
          <Button onClick={() => void calls.refetch()}>{t('common.retry')}</Button>
        </Empty>
      ) : calls.data?.total === 0 ? (
        <Empty
          description={t(failed ? 'integrations.calls.noneFailed' : 'integrations.calls.none')}
        />
      ) : (
        <ResponsiveTable<OpenApiCall>
          rowKey="id"
          className="application-table"
          loading={calls.isFetching && !calls.data}
          columns={columns}
          dataSource={calls.data?.records ?? []}
          pagination={tablePagination(
            paging,
            calls.data?.total ?? 0,
            (total) => t('integrations.calls.total', { count: total }),
            (change) => setPaging((before) => ({ ...before, ...change })),
          )}
          card={{
            title: 'call',
            label: (call) => `${call.method} ${call.path}`,
            badge: 'status',
            lines: ['time', 'duration', 'contract'],
          }}
        />
      )}
    </Drawer>
  );
}
