import { FilterOutlined, InboxOutlined, PlusOutlined } from '@ant-design/icons';
import type { BatchSignInfo, ContractListItem, ContractTab } from '@esign/platform';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Drawer, Empty, Input, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { batchSignKeys } from '../../api/batchSign';
import { contractQueries } from '../../api/contracts';
import { failureMessage } from '../../api/templateEditor';
import { useGuardedNavigate } from '../../layout/useGuardedNavigate';
import { useIsMobile } from '../../layout/useIsMobile';
import { downloadContract } from './detail/download';
import { downloadContractsZip } from './downloadZip';
import { ContractSearchForm } from './ContractSearchForm';
import { ContractTable } from './ContractTable';
import {
  CONTRACT_TABS,
  changeFilters,
  contractPageParams,
  filtersFromSearch,
  isFiltered,
  searchFromFilters,
  sheetFilterCount,
  SEARCH_MAX,
  type ContractListFilters,
} from './listFilters';
import { INITIATE_CONTRACT_PATH } from './paths';
import { useContractConsole } from './useContractConsole';
import { BatchSignDialog } from './batch/BatchSignDialog';
import { BatchSignProgress } from './batch/BatchSignProgress';
import { BATCH_PARAM, batchInAddress, useRememberedBatch } from './batch/batchMemory';
import { BatchBanner, PhoneSelectAll, SelectionActions } from './batch/SelectionActions';
import './contractList.css';
import './batch/batchSign.css';

/** The tabs whose empty state offers to initiate a contract: where one would show up. */
const INITIATE_FROM: readonly ContractTab[] = ['todo', 'all', 'initiated'];

/** A tab without any contract: what would show up in it, and the way to start one. */
function NothingInTab({ tab, onInitiate }: { tab: ContractTab; onInitiate(): void }) {
  const { t } = useTranslation();
  return (
    <Empty
      className="contract-empty"
      image={<InboxOutlined className="contract-empty-icon" aria-hidden />}
      description={
        <>
          <strong className="contract-empty-title">{t(`contractList.empty.${tab}.title`)}</strong>
          <span className="contract-empty-hint">{t(`contractList.empty.${tab}.hint`)}</span>
        </>
      }
    >
      {INITIATE_FROM.includes(tab) ? (
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onInitiate}>
          {t('contractList.initiate')}
        </Button>
      ) : null}
    </Empty>
  );
}

/**
 * The search on a phone: one box for the name, and the other criteria in a sheet behind Filters,
 * whose badge counts those in force. Both write the address, as the full form does.
 */
function PhoneSearch({
  filters,
  onFilters,
}: {
  filters: ContractListFilters;
  onFilters(change: Partial<ContractListFilters>): void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const active = sheetFilterCount(filters);
  return (
    <div className="contract-phone-search">
      <Input.Search
        key={filters.name}
        className="contract-phone-search-box"
        aria-label={t('contractList.name')}
        placeholder={t('contractList.searchByName')}
        allowClear
        maxLength={SEARCH_MAX.name}
        defaultValue={filters.name}
        onSearch={(name) => onFilters({ name })}
      />
      <Badge count={active} size="small">
        <Button
          icon={<FilterOutlined aria-hidden />}
          aria-label={active > 0 ? t('contractList.filtersActive', { count: active }) : undefined}
          onClick={() => setOpen(true)}
        >
          {t('contractList.filters')}
        </Button>
      </Badge>
      <Drawer
        open={open}
        placement="bottom"
        size="auto"
        className="contract-filter-sheet"
        title={t('contractList.filters')}
        onClose={() => setOpen(false)}
      >
        <ContractSearchForm
          key={searchFromFilters(filters).toString()}
          sheet
          filters={filters}
          onSearch={(criteria) => {
            setOpen(false);
            onFilters(criteria);
          }}
        />
      </Drawer>
    </div>
  );
}

/**
 * /agency-contract/index: the console's contracts by tab (handled by me … copied to me), with the
 * search of spec 000 §2. Tab, search and page live in the address (see listFilters.ts).
 */
export default function ContractListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { go } = useGuardedNavigate();
  const { companyId } = useContractConsole();
  const mobile = useIsMobile();
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const list = useQuery(contractQueries.list(companyId, contractPageParams(filters)));
  // The selection belongs to the page, tab and search it was made on (an open batch aside).
  const pageKey = searchFromFilters(filters).toString();
  const [selection, setSelection] = useState({ for: pageKey, ids: [] as string[] });
  const selected = selection.for === pageKey ? selection.ids : [];

  const setFilters = (change: Partial<ContractListFilters>) =>
    setSearch(searchFromFilters(changeFilters(filters, change)));

  // Batch signing: the dialog's contracts (none: closed), the batch whose progress is open (the
  // address's), and the console's last batch, which the list leads back to (batch/batchMemory.ts).
  const client = useQueryClient();
  const [toSign, setToSign] = useState<ContractListItem[]>([]);
  const openBatch = batchInAddress(search);
  const remembered = useRememberedBatch(companyId);
  const showBatch = (id: string) => {
    const next = new URLSearchParams(search);
    next.set(BATCH_PARAM, id);
    setSearch(next);
  };
  const started = (batch: BatchSignInfo) => {
    client.setQueryData(batchSignKeys.info(companyId, batch.id), batch);
    remembered.remember(batch.id);
    setToSign([]);
    setSelection({ for: pageKey, ids: [] });
    showBatch(batch.id);
  };
  const closeBatch = () => {
    const finished =
      openBatch !== null &&
      client.getQueryData<BatchSignInfo>(batchSignKeys.info(companyId, openBatch))?.status ===
        'finished';
    // Its outcome seen: the list no longer offers the way back to it.
    if (finished) remembered.forget(openBatch);
    const next = new URLSearchParams(search);
    next.delete(BATCH_PARAM);
    setSearch(next);
  };

  // One contract's PDF as it stands, signatures included; several go as one ZIP (getZipTicket:
  // getDownloadTicket keeps spec 000 §8's one at a time).
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    if (selected.length === 0) return void message.warning(t('contractList.selectToDownload'));
    setDownloading(true);
    (selected.length > 1 ? downloadContractsZip(selected) : downloadContract(selected[0]!))
      .catch((error: unknown) => void message.error(failureMessage(error)))
      .finally(() => setDownloading(false));
  };
  const downloadOne = (contract: ContractListItem) =>
    void downloadContract(contract.id).catch(
      (error: unknown) => void message.error(failureMessage(error)),
    );

  const answered = list.data && !list.isPlaceholderData;
  const nothingInTab = answered && list.data.total === 0 && !isFiltered(filters);

  return (
    <div className="page list-page contract-list-page">
      <header className="page-header list-page-header">
        <h1 className="page-title">{t('routes.contractList')}</h1>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => go(INITIATE_CONTRACT_PATH)}
        >
          {t('contractList.initiate')}
        </Button>
      </header>
      {remembered.id && remembered.id !== openBatch ? (
        <BatchBanner
          id={remembered.id}
          onShow={() => showBatch(remembered.id!)}
          onDismiss={() => remembered.forget(remembered.id!)}
        />
      ) : null}
      <section className="contract-list-main">
        <Tabs
          activeKey={filters.tab}
          onChange={(tab) => setFilters({ tab: tab as ContractTab })}
          items={CONTRACT_TABS.map((tab) => ({ key: tab, label: t(`contractList.tabs.${tab}`) }))}
        />
        {mobile ? (
          <PhoneSearch filters={filters} onFilters={setFilters} />
        ) : (
          <ContractSearchForm
            key={pageKey}
            filters={filters}
            onSearch={(criteria) => setFilters(criteria)}
          />
        )}
        {list.isError && !list.data ? (
          <Empty className="contract-empty" description={t('contractList.loadFailed')}>
            <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
          </Empty>
        ) : nothingInTab ? (
          <NothingInTab tab={filters.tab} onInitiate={() => go(INITIATE_CONTRACT_PATH)} />
        ) : (
          <>
            {mobile ? (
              <PhoneSelectAll
                records={list.data?.records ?? []}
                selection={selected}
                onSelection={(ids) => setSelection({ for: pageKey, ids })}
              />
            ) : (
              <SelectionActions
                records={list.data?.records ?? []}
                selection={selected}
                phone={false}
                downloading={downloading}
                onDownload={download}
                onSign={setToSign}
              />
            )}
            <ContractTable
              filters={filters}
              page={list.data}
              loading={list.isFetching}
              selection={selected}
              onFilters={setFilters}
              onSelection={(ids) => setSelection({ for: pageKey, ids })}
              onDownload={downloadOne}
            />
            {mobile ? (
              <SelectionActions
                records={list.data?.records ?? []}
                selection={selected}
                phone
                downloading={downloading}
                onDownload={download}
                onSign={setToSign}
              />
            ) : null}
          </>
        )}
      </section>
      <BatchSignDialog contracts={toSign} onClose={() => setToSign([])} onStarted={started} />
      <BatchSignProgress id={openBatch} onClose={closeBatch} />
    </div>
  );
}
