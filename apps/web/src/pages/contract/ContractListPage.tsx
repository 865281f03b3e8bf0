import { DownloadOutlined, InboxOutlined, PlusOutlined } from '@ant-design/icons';
import type { ContractTab } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { contractQueries } from '../../api/contracts';
import { failureMessage } from '../../api/templateEditor';
import { useGuardedNavigate } from '../../layout/useGuardedNavigate';
import { downloadContract } from './detail/download';
import { ContractSearchForm } from './ContractSearchForm';
import { ContractTable } from './ContractTable';
import {
  CONTRACT_TABS,
  changeFilters,
  contractPageParams,
  filtersFromSearch,
  isFiltered,
  searchFromFilters,
  type ContractListFilters,
} from './listFilters';
import { INITIATE_CONTRACT_PATH } from './paths';
import { useContractConsole } from './useContractConsole';
import './contractList.css';

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
 * /agency-contract/index: the console's contracts by tab (handled by me … copied to me), with the
 * search of spec 000 §2. Tab, search and page live in the address (see listFilters.ts).
 */
export default function ContractListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { go } = useGuardedNavigate();
  const { companyId } = useContractConsole();
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const list = useQuery(contractQueries.list(companyId, contractPageParams(filters)));
  // The selection belongs to the page, tab and search it was made on.
  const pageKey = search.toString();
  const [selection, setSelection] = useState({ for: pageKey, ids: [] as string[] });
  const selected = selection.for === pageKey ? selection.ids : [];

  const setFilters = (change: Partial<ContractListFilters>) =>
    setSearch(searchFromFilters(changeFilters(filters, change)));

  // One contract's PDF as it stands, signatures included (spec 000 §8: one at a time).
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    if (selected.length === 0) return void message.warning(t('contractList.selectToDownload'));
    if (selected.length > 1) return void message.warning(t('contractList.downloadOneAtATime'));
    setDownloading(true);
    downloadContract(selected[0]!)
      .catch((error: unknown) => void message.error(failureMessage(error)))
      .finally(() => setDownloading(false));
  };

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
      <section className="contract-list-main">
        <Tabs
          activeKey={filters.tab}
          onChange={(tab) => setFilters({ tab: tab as ContractTab })}
          items={CONTRACT_TABS.map((tab) => ({ key: tab, label: t(`contractList.tabs.${tab}`) }))}
        />
        <ContractSearchForm
          key={pageKey}
          filters={filters}
          onSearch={(criteria) => setFilters(criteria)}
        />
        {list.isError && !list.data ? (
          <Empty className="contract-empty" description={t('contractList.loadFailed')}>
            <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
          </Empty>
        ) : nothingInTab ? (
          <NothingInTab tab={filters.tab} onInitiate={() => go(INITIATE_CONTRACT_PATH)} />
        ) : (
          <>
            <div
              className="contract-bulk"
              role="toolbar"
              aria-label={t('contractList.bulkActions')}
            >
              <span className="contract-bulk-count" aria-live="polite">
                {t('contractList.selected', { count: selected.length })}
              </span>
              <Button
                icon={<DownloadOutlined aria-hidden />}
                loading={downloading}
                onClick={download}
              >
                {t('contractList.download')}
              </Button>
            </div>
            <ContractTable
              filters={filters}
              page={list.data}
              loading={list.isFetching}
              selection={selected}
              onFilters={setFilters}
              onSelection={(ids) => setSelection({ for: pageKey, ids })}
            />
          </>
        )}
      </section>
    </div>
  );
}
