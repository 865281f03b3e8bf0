import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import type { ContractListItem, ContractListPage, ContractListParty } from '@esign/platform';
import { Button, Checkbox, Empty, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../i18n/dates';
import { useContractConsole } from './useContractConsole';
import { ContractStatusTag } from './ContractStatusTag';
import { tablePagination } from '../../lists/paging';
import { ResponsiveTable, type RecordCard } from '../../lists/ResponsiveTable';
import { whoseTurn } from './contractTurn';
import { NO_SEARCH, type ContractListFilters } from './listFilters';
import { contractDetailsPath, fillContractPath, signContractPath } from './paths';
import { selectAllState, selectAllTargets, toggleSelectAll } from './batch/batchSelection';

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

/** Where the console's move on a contract leads (Fill in, Sign, Rescind), and its label. */
type MoveLabel = 'contractList.sign' | 'contractList.fill' | 'contractDetail.move.rescind';

function primaryMove(contract: ContractListItem): { to: string; label: MoveLabel } | null {
  switch (contract.myAction) {
    case 'sign':
      return { to: signContractPath(contract.id), label: 'contractList.sign' };
    case 'fill':
      return { to: fillContractPath(contract.id), label: 'contractList.fill' };
    case 'rescind':
      // Another party asked to rescind: the details say why and take the agreement.
      return { to: contractDetailsPath(contract.id), label: 'contractDetail.move.rescind' };
    default:
      return null;
  }
}

/** A card's first button: the console's move, or View when it has none. */
function CardMove({ contract }: { contract: ContractListItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const move = primaryMove(contract);
  return (
    <Button
      type={move ? 'primary' : 'default'}
      className="contract-card-move"
      onClick={() => navigate(move?.to ?? contractDetailsPath(contract.id))}
    >
      {t(move?.label ?? 'contractList.view')}
    </Button>
  );
}

/** Whose move the contract waits for, in a few words. */
function WhoseTurn({ contract }: { contract: ContractListItem }) {
  const { t } = useTranslation();
  const turn = whoseTurn(contract);
  if (turn === 'me') return <strong>{t('contractList.turnYou')}</strong>;
  if (turn.length === 0) return <span className="contract-muted">—</span>;
  return (
    <>
      {turn
        .map((party) =>
          t('contractList.turnParty', {
            party: party.party,
            name: party.companyName ?? party.name,
          }),
        )
        .join(', ')}
    </>
  );
}

/** View, the console's move when it has one (Fill in, Sign, Rescind), and Download. */
function RowActions({
  contract,
  onDownload,
}: {
  contract: ContractListItem;
  onDownload(contract: ContractListItem): void;
}) {
  const { t } = useTranslation();
  const move = primaryMove(contract);
  return (
    <span className="contract-row-actions">
      {move ? (
        <Link to={move.to} className="row-action row-action-primary">
          {t(move.label)}
        </Link>
      ) : null}
      <Link to={contractDetailsPath(contract.id)} className="row-action">
        {t('contractList.view')}
      </Link>
      <Button
        type="link"
        size="small"
        className="row-action contract-row-download"
        aria-label={t('contractList.downloadOne', { name: contract.name })}
        onClick={() => onDownload(contract)}
      >
        {t('contractList.download')}
      </Button>
    </span>
  );
}

/**
 * The header's select all: the page's contracts to sign now when it has any, else every contract
 * of the page (batch/batchSelection.ts says why); its name says which.
 */
function SelectAll({
  records,
  selection,
  onSelection,
}: {
  records: readonly ContractListItem[];
  selection: readonly string[];
  onSelection(ids: string[]): void;
}) {
  const { t } = useTranslation();
  const state = selectAllState(records, selection);
  const { toSign } = selectAllTargets(records);
  return (
    <Checkbox
      checked={state === 'all'}
      indeterminate={state === 'some'}
      disabled={records.length === 0}
      aria-label={t(toSign ? 'batchSigning.selectAllToSign' : 'batchSigning.selectAllOnPage')}
      onChange={() => onSelection(toggleSelectAll(records, selection))}
    />
  );
}

/**
 * The contracts of one page with their selection and paging. The selection belongs to the page
 * it was made on: another page, tab or search starts without one. It serves both downloading and
 * batch signing (batch/batchSelection.ts), on a phone's cards too.
 */
export function ContractTable({
  filters,
  page,
  loading,
  selection,
  onFilters,
  onSelection,
  onDownload,
}: {
  filters: ContractListFilters;
  page: ContractListPage | undefined;
  loading: boolean;
  selection: readonly string[];
  onFilters(change: Partial<ContractListFilters>): void;
  onSelection(ids: string[]): void;
  onDownload(contract: ContractListItem): void;
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
      render: (name: string, contract) => (
        <Link to={contractDetailsPath(contract.id)} className="contract-name">
          {name}
        </Link>
      ),
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
      render: (_, contract) => <RowActions contract={contract} onDownload={onDownload} />,
    },
  ];

  const card: RecordCard<ContractListItem> = {
    label: (contract) => contract.name,
    title: (contract) => (
      <Link to={contractDetailsPath(contract.id)} className="contract-name">
        {contract.name}
      </Link>
    ),
    badge: 'status',
    lines: [
      'number',
      {
        key: 'turn',
        label: t('contractList.whoseTurn'),
        render: (contract) => <WhoseTurn contract={contract} />,
      },
      'signingDeadline',
    ],
    actions: (contract) => <CardMove contract={contract} />,
    menu: (contract) => [
      {
        key: 'view',
        icon: <EyeOutlined aria-hidden />,
        label: <Link to={contractDetailsPath(contract.id)}>{t('contractList.view')}</Link>,
      },
      {
        key: 'download',
        icon: <DownloadOutlined aria-hidden />,
        label: t('contractList.download'),
        onClick: () => onDownload(contract),
      },
    ],
  };

  return (
    <ResponsiveTable<ContractListItem>
      className="contract-table"
      rowKey="id"
      card={card}
      columns={columns}
      dataSource={page?.records ?? []}
      loading={loading}
      // The columns wrap to fit down to this width; below the mobile breakpoint come the cards.
      scroll={{ x: TABLE_MIN_WIDTH }}
      // The same selection on a phone's cards, ticked with a tap; its select all is above them.
      rowSelection={{
        selectedRowKeys: [...selection],
        onChange: (keys) => onSelection(keys.map(String)),
        columnTitle: (
          <SelectAll
            records={page?.records ?? []}
            selection={selection}
            onSelection={onSelection}
          />
        ),
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
