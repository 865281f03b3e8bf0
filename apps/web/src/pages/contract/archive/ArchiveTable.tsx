import {
  DownloadOutlined,
  FileProtectOutlined,
  FolderAddOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import type { ArchivedContract, ArchivePage } from '@esign/platform';
import { Button, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../i18n/dates';
import { useIsMobile } from '../../../layout/useIsMobile';
import { ResponsiveTable, type RecordCard } from '../../../lists/ResponsiveTable';
import { tablePagination } from '../../../lists/paging';
import { contractDetailsPath } from '../paths';
import type { ArchiveFilters } from './archiveFilters';
import { useArchiveConsole } from './useArchiveConsole';

export interface ArchiveRowActions {
  download(contract: ArchivedContract): void;
  evidence(contract: ArchivedContract): void;
  /** Opens the dialog applying for an evidence report of the contract. */
  report(contract: ArchivedContract): void;
  /** Opens the file/move dialog for these contracts; absent when the member manages no category. */
  file?(contracts: ArchivedContract[]): void;
  unfile(contracts: ArchivedContract[]): void;
}

/** The parties as one line: each party's company, or its person's name. */
const partiesOf = (contract: ArchivedContract) =>
  contract.participants.map((party) => party.companyName ?? party.name).join(' · ');

/**
 * The archive's completed contracts: name (to its details), number, parties, when it completed,
 * its category, and Download, Evidence and File/Move. On a phone each contract is a card.
 */
export function ArchiveTable({
  filters,
  page,
  loading,
  selection,
  onSelection,
  onPaging,
  actions,
}: {
  filters: ArchiveFilters;
  page: ArchivePage | undefined;
  loading: boolean;
  selection: string[];
  onSelection(ids: string[]): void;
  onPaging(change: Partial<Pick<ArchiveFilters, 'current' | 'size'>>): void;
  actions: ArchiveRowActions;
}) {
  const { t } = useTranslation();
  const { locale } = useArchiveConsole();
  // The number sits under the name on a wide screen; a phone's card gives it a line of its own.
  const mobile = useIsMobile();
  const mayMove = (contract: ArchivedContract) => actions.file && contract.right === 'manage';

  const rowActions = (contract: ArchivedContract) => (
    <div className="archive-row-actions">
      <Button
        size="small"
        type="link"
        icon={<DownloadOutlined aria-hidden />}
        aria-label={t('contractArchive.downloadOne', { name: contract.name })}
        onClick={() => actions.download(contract)}
      >
        {t('contractArchive.download')}
      </Button>
      <Tooltip title={t('contractArchive.evidenceHint')}>
        <Button
          size="small"
          type="text"
          icon={<SafetyCertificateOutlined aria-hidden />}
          aria-label={t('contractArchive.evidenceOne', { name: contract.name })}
          onClick={() => actions.evidence(contract)}
        />
      </Tooltip>
      <Tooltip title={t('evidenceReports.apply')}>
        <Button
          size="small"
          type="text"
          icon={<FileProtectOutlined aria-hidden />}
          aria-label={t('evidenceReports.applyOne', { name: contract.name })}
          onClick={() => actions.report(contract)}
        />
      </Tooltip>
      {mayMove(contract) ? (
        <Tooltip title={t(contract.classifyId ? 'contractArchive.move' : 'contractArchive.file')}>
          <Button
            size="small"
            type="text"
            icon={<FolderAddOutlined aria-hidden />}
            aria-label={t(
              contract.classifyId ? 'contractArchive.moveOne' : 'contractArchive.fileOne',
              { name: contract.name },
            )}
            onClick={() => actions.file?.([contract])}
          />
        </Tooltip>
      ) : null}
    </div>
  );

  const columns: TableColumnsType<ArchivedContract> = [
    {
      title: t('contractArchive.name'),
      key: 'name',
      dataIndex: 'name',
      render: (name: string, contract) => (
        <>
          <Link to={contractDetailsPath(contract.id)} className="archive-name">
            {name}
          </Link>
          {mobile ? null : <div className="archive-number">{contract.number}</div>}
        </>
      ),
    },
    { title: t('contractArchive.number'), key: 'number', dataIndex: 'number', hidden: !mobile },
    {
      title: t('contractArchive.parties'),
      key: 'parties',
      render: (_, contract) => partiesOf(contract),
    },
    {
      title: t('contractArchive.completedAt'),
      key: 'completedAt',
      dataIndex: 'completedAt',
      render: (at: string | null) => (at ? formatDateTime(at, locale) : '—'),
    },
    {
      title: t('contractArchive.category'),
      key: 'category',
      render: (_, contract) =>
        contract.classifyName ? (
          <Tag color="blue">{contract.classifyName}</Tag>
        ) : (
          <Tag>{t('contractArchive.unfiled')}</Tag>
        ),
    },
    {
      title: t('contractArchive.actions'),
      key: 'actions',
      render: (_, contract) => rowActions(contract),
    },
  ];

  const card: RecordCard<ArchivedContract> = {
    title: 'name',
    label: (contract) => contract.name,
    badge: 'category',
    lines: ['number', 'parties', 'completedAt'],
    actions: (contract) => (
      <Button
        icon={<DownloadOutlined aria-hidden />}
        aria-label={t('contractArchive.downloadOne', { name: contract.name })}
        onClick={() => actions.download(contract)}
      >
        {t('contractArchive.download')}
      </Button>
    ),
    menu: (contract) => [
      {
        key: 'evidence',
        icon: <SafetyCertificateOutlined aria-hidden />,
        label: t('contractArchive.evidence'),
        onClick: () => actions.evidence(contract),
      },
      {
        key: 'report',
        icon: <FileProtectOutlined aria-hidden />,
        label: t('evidenceReports.apply'),
        onClick: () => actions.report(contract),
      },
      ...(mayMove(contract)
        ? [
            {
              key: 'file',
              icon: <FolderAddOutlined aria-hidden />,
              label: t(contract.classifyId ? 'contractArchive.move' : 'contractArchive.file'),
              onClick: () => actions.file?.([contract]),
            },
          ]
        : []),
      ...(contract.classifyId && contract.right === 'manage'
        ? [
            {
              key: 'unfile',
              label: t('contractArchive.unfile'),
              onClick: () => actions.unfile([contract]),
            },
          ]
        : []),
    ],
  };

  return (
    <ResponsiveTable<ArchivedContract>
      className="archive-table"
      rowKey="id"
      columns={columns}
      dataSource={page?.records ?? []}
      loading={loading}
      card={card}
      locale={{ emptyText: t('contractArchive.nothingFound') }}
      rowSelection={{
        selectedRowKeys: selection,
        onChange: (keys) => onSelection(keys.map(String)),
        getCheckboxProps: (contract) => ({
          'aria-label': t('contractArchive.select', { name: contract.name }),
        }),
      }}
      pagination={tablePagination(
        filters,
        page?.total ?? 0,
        (total) => t('contractArchive.total', { count: total }),
        onPaging,
      )}
    />
  );
}
