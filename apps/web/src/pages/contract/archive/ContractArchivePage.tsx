import {
  DownloadOutlined,
  FileProtectOutlined,
  FolderAddOutlined,
  FolderOutlined,
} from '@ant-design/icons';
import type { ArchivedContract } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  archiveQueries,
  downloadEvidence,
  unfileContracts,
  useArchiveMutation,
} from '../../../api/contractArchive';
import { failureMessage } from '../../../api/templateEditor';
import { useIsMobile } from '../../../layout/useIsMobile';
import { unlessShown } from '../../template/useTemplateActions';
import { downloadContract } from '../detail/download';
import { EvidenceReportDialog } from '../../evidenceReports/EvidenceReportDialog';
import { downloadContractsZip } from '../downloadZip';
import { ArchiveCategoryPanel } from './ArchiveCategoryPanel';
import { ArchiveFileModal } from './ArchiveFileModal';
import { ArchivePhoneSearch, ArchiveSearchForm } from './ArchiveSearchForm';
import { ArchiveTable } from './ArchiveTable';
import {
  archiveFiltersFromSearch,
  archivePageParams,
  changeFilters,
  searchFromArchiveFilters,
  type ArchiveFilters,
} from './archiveFilters';
import { useArchiveConsole } from './useArchiveConsole';
import './contractArchive.css';

/**
 * /management/index: the console's completed contracts and the categories they are filed in
 * (issue 30). Categories on the side (behind a button on a phone), the search above the list,
 * filing and moving one contract or a selection, each contract's signed PDF and its evidence (the
 * PDF with its audit trail), and applying for an evidence report (one contract; a selection of
 * several is sent as it is, and the server answers the spec's refusal). Category, search and page
 * live in the address.
 */
export default function ContractArchivePage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { companyId } = useArchiveConsole();
  const mobile = useIsMobile();
  const [search, setSearch] = useSearchParams();
  const filters = archiveFiltersFromSearch(search);
  const list = useQuery(archiveQueries.list(companyId, archivePageParams(filters)));
  const categories = useQuery(archiveQueries.categories(companyId));
  const unfile = useArchiveMutation(companyId, unfileContracts);
  const pageKey = search.toString();
  const [selection, setSelection] = useState({ for: pageKey, ids: [] as string[] });
  const selectedIds = selection.for === pageKey ? selection.ids : [];
  const selected = (list.data?.records ?? []).filter(({ id }) => selectedIds.includes(id));
  const [filing, setFiling] = useState<ArchivedContract[] | null>(null);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  // The contracts of an evidence report application: one, or a selection the server refuses.
  const [reporting, setReporting] = useState<ArchivedContract[] | null>(null);

  const setFilters = (change: Partial<ArchiveFilters>) =>
    setSearch(searchFromArchiveFilters(changeFilters(filters, change)));
  const failed = (error: unknown) => void message.error(failureMessage(error));
  const managesAny = (categories.data ?? []).some(({ right }) => right === 'manage');

  // One contract's signed PDF; several as one ZIP the server streams (contract/getZipTicket).
  const download = async (contracts: readonly ArchivedContract[]) => {
    if (contracts.length === 0) return void message.warning(t('contractArchive.selectFirst'));
    setDownloading(true);
    try {
      const ids = contracts.map(({ id }) => id);
      await (ids.length > 1 ? downloadContractsZip(ids) : downloadContract(ids[0]!));
    } catch (error) {
      failed(error);
    } finally {
      setDownloading(false);
    }
  };
  const evidence = (contract: ArchivedContract) =>
    void downloadEvidence(contract.id, `${contract.name} ${contract.number} evidence.zip`).catch(
      failed,
    );
  const confirmUnfile = (contracts: ArchivedContract[]) =>
    void modal.confirm({
      title: t('contractArchive.unfileTitle', { count: contracts.length }),
      content: t('contractArchive.unfileContent'),
      okText: t('contractArchive.unfile'),
      cancelText: t('common.cancel'),
      onOk: () =>
        unfile.mutateAsync(contracts.map(({ id }) => id)).then(() => {
          void message.success(t('contractArchive.unfiledDone', { count: contracts.length }));
          setSelection({ for: pageKey, ids: [] });
        }, unlessShown),
    });

  const chosenName =
    filters.category === 'all'
      ? t('contractArchive.allCompleted')
      : filters.category === 'unfiled'
        ? t('contractArchive.unfiled')
        : (categories.data?.find(
            ({ id }) => typeof filters.category === 'object' && id === filters.category.id,
          )?.name ?? t('contractArchive.category'));

  const panel = (
    <ArchiveCategoryPanel
      chosen={filters.category}
      onChoose={(category) => {
        setCategoriesOpen(false);
        setFilters({ category });
      }}
    />
  );

  return (
    <div className="page list-page contract-archive-page">
      <header className="page-header list-page-header">
        <div>
          <h1 className="page-title">{t('routes.management')}</h1>
          <p className="page-subtitle">{t('contractArchive.subtitle')}</p>
        </div>
      </header>
      <div className="archive-layout">
        {mobile ? (
          <Drawer
            open={categoriesOpen}
            placement="left"
            size={300}
            title={t('contractArchive.categories')}
            onClose={() => setCategoriesOpen(false)}
          >
            {panel}
          </Drawer>
        ) : (
          panel
        )}
        <section className="archive-main" aria-labelledby="archive-list-title">
          <div className="archive-main-head">
            <h2 id="archive-list-title" className="section-title">
              {chosenName}
            </h2>
            {mobile ? (
              <Button icon={<FolderOutlined aria-hidden />} onClick={() => setCategoriesOpen(true)}>
                {t('contractArchive.categories')}
              </Button>
            ) : null}
          </div>
          {mobile ? (
            <ArchivePhoneSearch filters={filters} onSearch={(criteria) => setFilters(criteria)} />
          ) : (
            <ArchiveSearchForm
              key={pageKey}
              filters={filters}
              onSearch={(criteria) => setFilters(criteria)}
            />
          )}
          <div
            className="archive-bulk"
            role="toolbar"
            aria-label={t('contractArchive.bulkActions')}
          >
            <span className="archive-bulk-count" aria-live="polite">
              {t('contractArchive.selected', { count: selected.length })}
            </span>
            {managesAny ? (
              <Button
                icon={<FolderAddOutlined aria-hidden />}
                disabled={selected.length === 0 || selected.some(({ right }) => right !== 'manage')}
                onClick={() => setFiling(selected)}
              >
                {t('contractArchive.fileSelected')}
              </Button>
            ) : null}
            {selected.some(({ classifyId, right }) => classifyId && right === 'manage') ? (
              <Button
                onClick={() => confirmUnfile(selected.filter(({ classifyId }) => classifyId))}
              >
                {t('contractArchive.unfile')}
              </Button>
            ) : null}
            <Button
              icon={<DownloadOutlined aria-hidden />}
              loading={downloading}
              disabled={selected.length === 0}
              onClick={() => void download(selected)}
            >
              {t('contractArchive.downloadSelected')}
            </Button>
            <Button
              icon={<FileProtectOutlined aria-hidden />}
              disabled={selected.length === 0}
              onClick={() => setReporting(selected)}
            >
              {t('evidenceReports.apply')}
            </Button>
          </div>
          {list.isError && !list.data ? (
            <Empty description={t('contractArchive.loadFailed')}>
              <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
            </Empty>
          ) : (
            <ArchiveTable
              filters={filters}
              page={list.data}
              loading={list.isFetching}
              selection={selectedIds}
              onSelection={(ids) => setSelection({ for: pageKey, ids })}
              onPaging={setFilters}
              actions={{
                download: (contract) => void download([contract]),
                evidence,
                report: (contract) => setReporting([contract]),
                ...(managesAny ? { file: setFiling } : {}),
                unfile: confirmUnfile,
              }}
            />
          )}
        </section>
      </div>
      <EvidenceReportDialog contracts={reporting} onClose={() => setReporting(null)} />
      <ArchiveFileModal
        contracts={filing}
        categories={categories.data ?? []}
        onClose={() => setFiling(null)}
        onFiled={() => setSelection({ for: pageKey, ids: [] })}
      />
    </div>
  );
}
