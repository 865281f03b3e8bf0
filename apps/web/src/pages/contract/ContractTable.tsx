import type { ContractListItem, ContractListPage, ContractListParty } from '@esign/platform';
import { Button, Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../i18n/dates';
import { useContractConsole } from './useContractConsole';
import { ContractStatusTag } from './ContractStatusTag';
import { tablePagination } from '../../lists/paging';
import { NO_SEARCH, type ContractListFilters } from './listFilters';
import { contractDetailsPath, fillContractPath, signContractPath } from './paths';

const TABLE_MIN_WIDTH = 1000;

/** What a party has done so far, as the list shows it. */
type PartyState = 'refused' | 'signed' | 'filled' | 'waiting';

function partyState(party: ContractListParty): PartyState {
  if (party.refusedAt) return 'refused';
  if (party.signs) return party.signedAt ? 'signed' : 'waiting';
  return party.filledAt ? 'filled' : 'waiting';
}

/** The parties, one compact line each: letter, name (and company), and what it has done. */
function Participants({ contract }: { contract: ContractListItem }) {
  const { t } = useTranslation();
  return (
    <ul className="contract-parties">
      {contract.participants.map((party) => {
        const state = partyState(party);
        return (
          <li key={party.party} className={`contract-party contract-party-${state}`}>
            <span
              className="contract-party-letter"
              title={t('contractList.party', { party: party.party })}
            >
              {party.party}
            </span>
            <span className="contract-party-name" title={party.companyName ?? undefined}>
              {party.companyName ? `${party.name} · ${party.companyName}` : party.name}
            </span>
            <span className="contract-party-state">{t(`contractList.partyState.${state}`)}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** View, and the console's move when it has one (Fill in, Sign, Rescind). */
function RowActions({ contract }: { contract: ContractListItem }) {
  const { t } = useTranslation();
  return (
    <span className="contract-row-actions">
      {contract.myAction === 'sign' ? (
        <Link to={signContractPath(contract.id)} className="row-action row-action-primary">
          {t('contractList.sign')}
        </Link>
      ) : contract.myAction === 'fill' ? (
        <Link to={fillContractPath(contract.id)} className="row-action row-action-primary">
          {t('contractList.fill')}
        </Link>
      ) : contract.myAction === 'rescind' ? (
        // Another party asked to rescind: the details say why and take the agreement.
        <Link to={contractDetailsPath(contract.id)} className="row-action row-action-primary">
          {t('contractDetail.move.rescind')}
        </Link>
      ) : null}
      <Link to={contractDetailsPath(contract.id)} className="row-action">
        {t('contractList.view')}
      </Link>
    </span>
  );
}

/**
 * The contracts of one page with their selection and paging. The selection belongs to the page
 * it was made on: another page, tab or search starts without one.
 */
export function ContractTable({
  filters,
  page,
  loading,
  selection,
  onFilters,
  onSelection,
}: {
  filters: ContractListFilters;
  page: ContractListPage | undefined;
  loading: boolean;
  selection: readonly string[];
  onFilters(change: Partial<ContractListFilters>): void;
  onSelection(ids: string[]): void;
}) {
  const { t } = useTranslation();
  const { locale } = useContractConsole();
  const dateTime = (value: string | null) =>
    value ? formatDateTime(value, locale) : <span className="contract-muted">—</span>;

  const columns: TableColumnsType<ContractListItem> = [
    {
      title: t('contractList.columnNumber'),
      dataIndex: 'number',
      key: 'number',
      render: (number: string) => <span className="contract-number">{number}</span>,
    },
    {
      title: t('contractList.columnName'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string) => <span className="contract-name">{name}</span>,
    },
    {
      title: t('contractList.columnStatus'),
      dataIndex: 'status',
      key: 'status',
      render: (_, contract) => <ContractStatusTag status={contract.status} />,
    },
    {
      title: t('contractList.columnInitiator'),
      key: 'initiator',
      render: (_, contract) => (
        <span className="contract-initiator">
          <span>{contract.initiatorName}</span>
          <span className="contract-muted contract-initiator-phone">{contract.initiatorPhone}</span>
          {contract.initiatorCompany ? (
            <span className="contract-muted">{contract.initiatorCompany}</span>
          ) : null}
        </span>
      ),
    },
    {
      title: t('contractList.columnParticipants'),
      key: 'participants',
      render: (_, contract) => <Participants contract={contract} />,
    },
    {
      title: t('contractList.columnDeadline'),
      dataIndex: 'signingDeadline',
      key: 'signingDeadline',
      render: dateTime,
    },
    {
      title: t('contractList.columnCreated'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      render: dateTime,
    },
    {
      title: t('contractList.columnActions'),
      key: 'actions',
      render: (_, contract) => <RowActions contract={contract} />,
    },
  ];

  return (
    <Table<ContractListItem>
      className="contract-table"
      rowKey="id"
      columns={columns}
      dataSource={page?.records ?? []}
      loading={loading}
      // The columns wrap to fit; below this width (a phone) the table scrolls sideways.
      scroll={{ x: TABLE_MIN_WIDTH }}
      rowSelection={{
        selectedRowKeys: [...selection],
        onChange: (keys) => onSelection(keys.map(String)),
        getCheckboxProps: (contract) => ({
          'aria-label': t('contractList.select', { name: contract.name }),
        }),
      }}
      locale={{
        // While a page loads there is nothing to say yet; once it is there and empty, the search
        // found nothing (an empty tab has its own state, see ContractListPage).
        emptyText: loading ? (
          <div className="contract-table-loading" />
        ) : (
          <Empty description={t('contractList.noMatch')}>
            <Button onClick={() => onFilters(NO_SEARCH)}>{t('contractList.clearFilters')}</Button>
          </Empty>
        ),
      }}
      pagination={tablePagination(
        filters,
        page?.total ?? 0,
        (total) =>
          page?.totalCapped
            ? t('contractList.totalMore', { count: total })
            : t('contractList.total', { count: total }),
        onFilters,
      )}
    />
  );
}
