import { ApiOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ACCESS_SECRET_OVERLAP_HOURS,
  type AccessParty,
  type AccessPartySaved,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Switch, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isShownFailure } from '../../api/client';
import {
  integrationQueries,
  rotateAccessSecret,
  setAccessPartyEnabled,
  useIntegrationMutation,
} from '../../api/integrations';
import { formatDateTime } from '../../i18n/dates';
import { localeOf } from '../../i18n/locale';
import { DEFAULT_PAGE_SIZE, tablePagination, type ListPaging } from '../../lists/paging';
import { ResponsiveTable } from '../../lists/ResponsiveTable';
import { useSession } from '../../session';
import { AccessPartyDrawer } from './AccessPartyDrawer';
import { ApiCallsDrawer } from './ApiCallsDrawer';
import { SecretDialog, type ShownSecret } from './SecretDialog';
import './application.css';

export const NOTIFY_PATH = '/enterprise-console/application/application_notify';

/**
 * /enterprise-console/application/access: the company's API access parties — business channel,
 * app key, the companies each acts for, its callback, enabled — with making and editing one
 * (drawer), rotating its secret (confirmed; the new one shown once), enabling or disabling it, and
 * the open API calls it made (ApiCallsDrawer).
 */
export default function AccessPartiesPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message, modal } = App.useApp();
  const companyId = useSession((state) => state.companyId);
  const [paging, setPaging] = useState<ListPaging>({ current: 1, size: DEFAULT_PAGE_SIZE });
  const [editing, setEditing] = useState<AccessParty | 'new' | null>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [callsOf, setCallsOf] = useState<AccessParty | null>(null);
  const list = useQuery(integrationQueries.parties(companyId, paging));
  const status = useIntegrationMutation(companyId, (change: { party: AccessParty; on: boolean }) =>
    setAccessPartyEnabled(change.party.id, change.on),
  );
  const rotate = useIntegrationMutation(companyId, (party: AccessParty) =>
    rotateAccessSecret(party.id),
  );
  const empty = list.data?.total === 0;

  const showSecret = (saved: AccessPartySaved) => {
    if (saved.secret) {
      setShown({ kind: 'api', name: saved.name, value: saved.secret, appKey: saved.appKey });
    }
  };

  const switchParty = (party: AccessParty, on: boolean) =>
    status.mutate(
      { party, on },
      {
        onSuccess: () =>
          void message.success(
            t(on ? 'integrations.access.enabledDone' : 'integrations.access.disabledDone', {
              name: party.name,
            }),
          ),
        onError: (error) => {
          if (!isShownFailure(error)) throw error;
        },
      },
    );

  const confirmRotate = (party: AccessParty) =>
    void modal.confirm({
      title: t('integrations.access.rotateTitle', { name: party.name }),
      content: t('integrations.access.rotateBody', { hours: ACCESS_SECRET_OVERLAP_HOURS }),
      okText: t('integrations.access.rotateOk'),
      cancelText: t('common.cancel'),
      onOk: () =>
        rotate.mutateAsync(party).then(showSecret, (error: unknown) => {
          if (!isShownFailure(error)) throw error;
        }),
    });

  const columns: TableColumnsType<AccessParty> = [
    {
      title: t('integrations.access.columns.name'),
      key: 'name',
      render: (_, party) => <span className="application-name">{party.name}</span>,
    },
    {
      title: t('integrations.access.columns.appKey'),
      key: 'appKey',
      render: (_, party) => (
        <>
          <code className="application-key">{party.appKey}</code>
          {party.previousSecretUntil ? (
            <div className="application-muted">
              {t('integrations.access.previousUntil', {
                time: formatDateTime(party.previousSecretUntil, locale),
              })}
            </div>
          ) : null}
        </>
      ),
    },
    {
      title: t('integrations.access.columns.companies'),
      key: 'companies',
      render: (_, party) => (
        <ul className="application-companies">
          {party.companies.map((company) => (
            <li key={company.id}>
              {company.fullName}
              {company.main ? (
                <Tag className="application-main-tag">{t('integrations.access.main')}</Tag>
              ) : null}
            </li>
          ))}
        </ul>
      ),
    },
    {
      title: t('integrations.access.columns.callback'),
      key: 'callback',
      render: (_, party) =>
        party.callback ? (
          <>
            <div className="application-url">{party.callback.url}</div>
            {party.callback.enabled ? null : (
              <Tag color="warning">{t('integrations.access.callbackOff')}</Tag>
            )}
          </>
        ) : (
          <>
            <div className="application-muted">{t('integrations.access.noCallback')}</div>
            <Link to={`${NOTIFY_PATH}?party=${party.id}`}>
              {t('integrations.access.configureCallback')}
            </Link>
          </>
        ),
    },
    {
      title: t('integrations.access.columns.status'),
      key: 'status',
      render: (_, party) => (
        <span className="application-status">
          <Switch
            size="small"
            checked={party.enabled}
            loading={status.isPending && status.variables.party.id === party.id}
            aria-label={t('integrations.access.switchLabel', { name: party.name })}
            onChange={(on) => switchParty(party, on)}
          />
          <span>
            {t(party.enabled ? 'integrations.access.enabled' : 'integrations.access.disabled')}
          </span>
        </span>
      ),
    },
    {
      title: t('integrations.access.columns.created'),
      key: 'created',
      render: (_, party) => (
        <span className="application-time">{formatDateTime(party.createTime, locale)}</span>
      ),
    },
    {
      title: t('integrations.access.columns.actions'),
      key: 'actions',
      render: (_, party) => (
        <span className="application-actions">
          <Button type="link" size="small" onClick={() => setEditing(party)}>
            {t('integrations.access.edit')}
          </Button>
          <Button type="link" size="small" onClick={() => confirmRotate(party)}>
            {t('integrations.access.rotate')}
          </Button>
          <Button type="link" size="small" onClick={() => setCallsOf(party)}>
            {t('integrations.access.calls')}
          </Button>
        </span>
      ),
    },
  ];

  const createButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
      {t('integrations.access.create')}
    </Button>
  );

  return (
    <div className="page list-page application-page">
      <header className="page-header list-page-header">
        <div>
          <h1 className="page-title">{t('routes.applicationAccess')}</h1>
          <p className="page-subtitle">{t('integrations.access.subtitle')}</p>
        </div>
        {empty ? null : createButton}
      </header>
      <section className="application-main">
        {list.isError && !list.data ? (
          <Empty description={t('integrations.access.loadFailed')}>
            <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
          </Empty>
        ) : empty ? (
          <Empty
            image={<ApiOutlined className="application-empty-icon" aria-hidden />}
            description={
              <>
                <strong className="application-empty-title">
                  {t('integrations.access.empty')}
                </strong>
                <span className="application-empty-hint">{t('integrations.access.emptyHint')}</span>
              </>
            }
          >
            {createButton}
          </Empty>
        ) : (
          <ResponsiveTable<AccessParty>
            rowKey="id"
            className="application-table"
            loading={list.isFetching && !list.data}
            columns={columns}
            dataSource={list.data?.records ?? []}
            pagination={tablePagination(
              paging,
              list.data?.total ?? 0,
              (total) => t('integrations.access.total', { count: total }),
              (change) => setPaging((before) => ({ ...before, ...change })),
            )}
            card={{
              title: 'name',
              label: (party) => party.name,
              badge: 'status',
              lines: ['appKey', 'companies', 'callback'],
              actions: 'actions',
            }}
          />
        )}
      </section>
      <AccessPartyDrawer
        open={editing !== null}
        party={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={showSecret}
      />
      <SecretDialog shown={shown} onDone={() => setShown(null)} />
      <ApiCallsDrawer party={callsOf} onClose={() => setCallsOf(null)} />
    </div>
  );
}
