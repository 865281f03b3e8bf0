import { FilterOutlined, SearchOutlined } from '@ant-design/icons';
import { Badge, Button, DatePicker, Drawer, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ARCHIVE_SEARCH_MAX,
  NO_ARCHIVE_SEARCH,
  sheetFilterCount,
  type ArchiveFilters,
  type ArchiveSearch,
} from './archiveFilters';

const DAY = 'YYYY-MM-DD';

interface SearchValues {
  name: string;
  participant: string;
  number: string;
  signRange: [Dayjs, Dayjs] | null;
}

const valuesOf = ({
  name,
  participant,
  number,
  signFrom,
  signTo,
}: ArchiveSearch): SearchValues => ({
  name,
  participant,
  number,
  signRange: signFrom && signTo ? [dayjs(signFrom, DAY), dayjs(signTo, DAY)] : null,
});

const criteriaOf = (values: SearchValues): ArchiveSearch => ({
  name: values.name ?? '',
  participant: values.participant ?? '',
  number: values.number ?? '',
  signFrom: values.signRange ? values.signRange[0].format(DAY) : null,
  signTo: values.signRange ? values.signRange[1].format(DAY) : null,
});

/**
 * The archive's search: contract name, party (name, phone or company), number, signing days. It
 * shows what the address says; Search and Reset change the address, and with it the list.
 * Remount it (a `key`) when the address changes. In the phone's sheet (`sheet`) the name stays in
 * its own box above the list.
 */
export function ArchiveSearchForm({
  filters,
  onSearch,
  sheet = false,
}: {
  filters: ArchiveFilters;
  onSearch(criteria: ArchiveSearch): void;
  sheet?: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SearchValues>();
  const search = (criteria: ArchiveSearch) =>
    onSearch(sheet ? { ...criteria, name: filters.name } : criteria);
  const text = (field: keyof typeof ARCHIVE_SEARCH_MAX, label: string) => (
    <Form.Item name={field} label={label}>
      <Input allowClear maxLength={ARCHIVE_SEARCH_MAX[field]} />
    </Form.Item>
  );
  return (
    <Form<SearchValues>
      form={form}
      className={sheet ? 'archive-search archive-search-sheet' : 'archive-search'}
      layout="vertical"
      aria-label={t(sheet ? 'contractArchive.filters' : 'contractArchive.searchForm')}
      initialValues={valuesOf(filters)}
      onFinish={(values) => search(criteriaOf(values))}
    >
      <div className="archive-search-fields">
        {sheet ? null : text('name', t('contractArchive.name'))}
        {text('participant', t('contractArchive.participant'))}
        {text('number', t('contractArchive.number'))}
        <Form.Item name="signRange" label={t('contractArchive.signingTime')}>
          <DatePicker.RangePicker
            className="archive-search-range"
            allowEmpty={[false, false]}
            placeholder={[t('contractArchive.signFrom'), t('contractArchive.signTo')]}
          />
        </Form.Item>
      </div>
      <div className="archive-search-buttons">
        <Button
          type="primary"
          htmlType="submit"
          icon={sheet ? undefined : <SearchOutlined aria-hidden />}
        >
          {t(sheet ? 'contractArchive.apply' : 'contractArchive.search')}
        </Button>
        <Button
          onClick={() => {
            form.setFieldsValue(valuesOf(NO_ARCHIVE_SEARCH));
            search(NO_ARCHIVE_SEARCH);
          }}
        >
          {t('contractArchive.reset')}
        </Button>
      </div>
    </Form>
  );
}

/** The search on a phone: a box for the name, the other criteria in a sheet behind Filters. */
export function ArchivePhoneSearch({
  filters,
  onSearch,
}: {
  filters: ArchiveFilters;
  onSearch(criteria: Partial<ArchiveSearch>): void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const active = sheetFilterCount(filters);
  return (
    <div className="archive-phone-search">
      <Input.Search
        key={filters.name}
        aria-label={t('contractArchive.name')}
        placeholder={t('contractArchive.searchByName')}
        allowClear
        maxLength={ARCHIVE_SEARCH_MAX.name}
        defaultValue={filters.name}
        onSearch={(name) => onSearch({ name })}
      />
      <Badge count={active} size="small">
        <Button
          icon={<FilterOutlined aria-hidden />}
          aria-label={
            active > 0 ? t('contractArchive.filtersActive', { count: active }) : undefined
          }
          onClick={() => setOpen(true)}
        >
          {t('contractArchive.filters')}
        </Button>
      </Badge>
      <Drawer
        open={open}
        placement="bottom"
        size="auto"
        title={t('contractArchive.filters')}
        onClose={() => setOpen(false)}
      >
        <ArchiveSearchForm
          key={JSON.stringify(filters)}
          sheet
          filters={filters}
          onSearch={(criteria) => {
            setOpen(false);
            onSearch(criteria);
          }}
        />
      </Drawer>
    </div>
  );
}
