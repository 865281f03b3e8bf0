import { ArrowLeftOutlined, FileAddOutlined } from '@ant-design/icons';
import {
  CONTRACT_STATUSES,
  type ContractStatus,
  type Counterpart,
  type CounterpartContract,
  type CounterpartKind,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Empty,
  Result,
  Skeleton,
  Space,
  Tag,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  counterpartQueries,
  removeCounterparts,
  setCounterpartStatus,
  useCounterpartMutation,
} from '../../api/counterparts';
import { ResponsiveTable } from '../../lists/ResponsiveTable';
import { ContractStatusTag } from '../contract/ContractStatusTag';
import { INITIATE_CONTRACT_PATH, contractDetailsPath } from '../contract/paths';
import type { LaunchPartyValues } from '../contract/launch/launchForm';
import { BlacklistDialog, CounterpartFormDialog } from './CounterpartDialogs';
import { CertificationTag, CounterpartStatusTag, useBlacklistLines } from './CounterpartTags';
import { COUNTERPART_LIST_PATHS } from './paths';
import { useCounterpartConsole } from './useCounterpartConsole';
import './relative.css';

const CONTRACTS_PAGE = 10;

/** What the initiating screen is handed to name the counterpart as party B (router state). */
export interface InitiateWith {
  party: Omit<LaunchPartyValues, 'party'>;
}

/** The counterpart as a party of a new contract. */
export function partyOf(counterpart: Counterpart): InitiateWith['party'] {
  return counterpart.kind === 'person'
    ? { kind: 'person', name: counterpart.name, phone: counterpart.phone }
    : {
        kind: 'company',
        name: counterpart.managerName,
        phone: counterpart.phone,
        companyName: counterpart.name,
      };
}

const isContractStatus = (status: string): status is ContractStatus =>
  (CONTRACT_STATUSES as readonly string[]).includes(status);

/** The contracts of the console the counterpart takes part in, newest first, each to its details. */
function CounterpartContracts({ id }: { id: string }) {
  const { t } = useTranslation();
  const { companyId } = useCounterpartConsole();
  const [current, setCurrent] = useState(1);
  const contracts = useQuery(counterpartQueries.contracts(companyId, id, current, CONTRACTS_PAGE));
  const columns: TableColumnsType<CounterpartContract> = [
    {
      title: t('counterparts.detail.contractName'),
      key: 'name',
      render: (_, contract) => <Link to={contractDetailsPath(contract.id)}>{contract.name}</Link>,
    },
    { title: t('counterparts.detail.contractNumber'), dataIndex: 'number', key: 'number' },
    {
      title: t('counterparts.detail.contractStatus'),
      key: 'status',
      render: (_, contract) =>
        isContractStatus(contract.status) ? (
          <ContractStatusTag status={contract.status} />
        ) : (
          contract.status
        ),
    },
    {
      title: t('counterparts.detail.theirParties'),
      key: 'parties',
      render: (_, contract) => (
        <Space size={4} wrap>
          {contract.parties.length > 0 ? (
            <Tag>
              {t('counterparts.detail.partyList', { parties: contract.parties.join(', ') })}
            </Tag>
          ) : null}
          {contract.initiated ? (
            <Tag color="blue">{t('counterparts.detail.initiatedByThem')}</Tag>
          ) : null}
        </Space>
      ),
    },
    { title: t('counterparts.detail.createdAt'), dataIndex: 'createdAt', key: 'createdAt' },
  ];
  return (
    <section className="counterpart-card" aria-labelledby="counterpart-contracts-title">
      <h2 id="counterpart-contracts-title" className="counterpart-section-title">
        {t('counterparts.detail.contracts')}
      </h2>
      {contracts.data?.total === 0 ? (
        <Empty description={t('counterparts.detail.contractsEmpty')} />
      ) : (
        <ResponsiveTable<CounterpartContract>
          rowKey="id"
          card={{
            label: (contract) => contract.name,
            title: 'name',
            badge: 'status',
            lines: ['number', 'parties', 'createdAt'],
          }}
          columns={columns}
          dataSource={contracts.data?.records ?? []}
          loading={contracts.isFetching}
          pagination={{
            current,
            pageSize: CONTRACTS_PAGE,
            total: contracts.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (count) => t('counterparts.detail.contractsTotal', { count }),
            onChange: setCurrent,
          }}
          scroll={{ x: 'max-content' }}
        />
      )}
    </section>
  );
}

/**
 * /relative/view?id= and /relative/company-view?id=: one counterpart of the book — every field,
 * its status (with why, who and when for a blacklisted one), certification and source; edit,
 * blacklist or restore, remove (with `counterpart:edit`), initiate a contract naming them as
 * party B; and the contracts signed with them.
 */
export function CounterpartDetailPage({ kind }: { kind: CounterpartKind }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const { companyId, canEdit } = useCounterpartConsole();
  const [search] = useSearchParams();
  const id = /^\d+$/.test(search.get('id') ?? '') ? search.get('id')! : '';
  const detail = useQuery(counterpartQueries.detail(companyId, id));
  const [editing, setEditing] = useState(false);
  const [blacklisting, setBlacklisting] = useState<Counterpart[]>([]);
  const remove = useCounterpartMutation(companyId, (target: Counterpart) =>
    removeCounterparts([target.id]),
  );
  const restore = useCounterpartMutation(companyId, (target: Counterpart) =>
    setCounterpartStatus({ ids: [target.id], status: 'normal' }),
  );
  const counterpart = detail.data;
  const lines = useBlacklistLines(counterpart ?? ({ status: 'normal' } as Counterpart));
  const listPath = COUNTERPART_LIST_PATHS[kind];
  const title = t(kind === 'person' ? 'routes.relativeView' : 'routes.relativeCompanyView');

  const back = (
    <Link to={listPath} className="counterpart-back">
      <ArrowLeftOutlined aria-hidden /> {t(`counterparts.detail.backToList.${kind}`)}
    </Link>
  );

  if (!id || detail.isError) {
    return (
      <div className="page counterpart-page">
        <h1 className="page-title">{title}</h1>
        <Result
          status="warning"
          title={t(id ? 'counterparts.detail.notFound' : 'counterparts.detail.missingId')}
          subTitle={id && detail.error ? detail.error.message : undefined}
          extra={back}
        />
      </div>
    );
  }
  if (!counterpart) {
    return (
      <div className="page counterpart-page">
        <h1 className="page-title">{title}</h1>
        <Skeleton active />
      </div>
    );
  }

  const confirmRemove = () =>
    void modal.confirm({
      title: t('counterparts.removeTitle', { count: 1, name: counterpart.name }),
      content: t('counterparts.removeContent'),
      okText: t('counterparts.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await remove.mutateAsync(counterpart).then(
          () => {
            void message.success(t('counterparts.detail.removedDone', { name: counterpart.name }));
            navigate(listPath);
          },
          () => undefined,
        );
      },
    });
  const confirmRestore = () =>
    void modal.confirm({
      title: t('counterparts.restoreTitle', { count: 1, name: counterpart.name }),
      content: t('counterparts.restoreContent'),
      okText: t('counterparts.restore'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await restore.mutateAsync(counterpart).then(
          ({ updated }) => void message.success(t('counterparts.restored', { count: updated })),
          () => undefined,
        );
      },
    });

  const person = kind === 'person';
  const blacklisted = counterpart.status === 'blacklist';
  const items = [
    {
      key: 'name',
      label: t(person ? 'counterparts.columns.name' : 'counterparts.columns.companyName'),
      children: counterpart.name,
    },
    ...(person
      ? [
          {
            key: 'phone',
            label: t('counterparts.columns.phone'),
            children: counterpart.phone || '—',
          },
          {
            key: 'email',
            label: t('counterparts.columns.email'),
            children: counterpart.email || '—',
          },
          {
            key: 'affiliatedCompany',
            label: t('counterparts.columns.affiliatedCompany'),
            children: counterpart.affiliatedCompany || '—',
          },
        ]
      : [
          {
            key: 'creditCode',
            label: t('counterparts.columns.creditCode'),
            children: counterpart.creditCode || '—',
          },
          {
            key: 'manager',
            label: t('counterparts.columns.manager'),
            children: counterpart.managerName,
          },
          {
            key: 'managerPhone',
            label: t('counterparts.columns.managerPhone'),
            children: counterpart.phone,
          },
        ]),
    {
      key: 'certified',
      label: t('counterparts.columns.certification'),
      children: <CertificationTag counterpart={counterpart} />,
    },
    {
      key: 'status',
      label: t('counterparts.columns.status'),
      children: <CounterpartStatusTag counterpart={counterpart} />,
    },
    {
      key: 'source',
      label: t('counterparts.columns.source'),
      children: t(`counterparts.source.${counterpart.source}`),
    },
    {
      key: 'createTime',
      label: t('counterparts.columns.createTime'),
      children: counterpart.createTime,
    },
    { key: 'note', label: t('counterparts.columns.note'), children: counterpart.note || '—' },
  ];

  return (
    <div className="page counterpart-page">
      <header className="page-header list-page-header">
        <div>
          {back}
          <h1 className="page-title counterpart-detail-title">{counterpart.name}</h1>
          <p className="page-subtitle">{title}</p>
        </div>
      </header>
      <Space wrap className="counterpart-detail-moves">
        {blacklisted ? null : (
          <Button
            type="primary"
            icon={<FileAddOutlined aria-hidden />}
            onClick={() =>
              navigate(INITIATE_CONTRACT_PATH, {
                state: { party: partyOf(counterpart) } satisfies InitiateWith,
              })
            }
          >
            {t('counterparts.detail.initiate')}
          </Button>
        )}
        {canEdit ? (
          <>
            <Button onClick={() => setEditing(true)}>{t('counterparts.edit')}</Button>
            {blacklisted ? (
              <Button onClick={confirmRestore}>{t('counterparts.restore')}</Button>
            ) : (
              <Button danger onClick={() => setBlacklisting([counterpart])}>
                {t('counterparts.blacklist')}
              </Button>
            )}
            <Button danger onClick={confirmRemove}>
              {t('counterparts.remove')}
            </Button>
          </>
        ) : null}
      </Space>
      {blacklisted ? (
        <Alert
          className="counterpart-blacklist-alert"
          type="error"
          showIcon
          title={t('counterparts.blacklistIntro')}
          description={lines.map((line) => (
            <div key={line}>{line}</div>
          ))}
        />
      ) : null}
      <section className="counterpart-card">
        <Descriptions column={{ xs: 1, sm: 1, md: 2 }} items={items} />
      </section>
      <CounterpartContracts id={counterpart.id} />
      <CounterpartFormDialog
        kind={kind}
        open={editing}
        editing={counterpart}
        onClose={() => setEditing(false)}
      />
      <BlacklistDialog targets={blacklisting} onClose={() => setBlacklisting([])} />
    </div>
  );
}

export function PersonDetailPage() {
  return <CounterpartDetailPage kind="person" />;
}

export function CompanyDetailPage() {
  return <CounterpartDetailPage kind="company" />;
}
