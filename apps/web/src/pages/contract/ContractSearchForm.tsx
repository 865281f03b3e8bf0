import { SearchOutlined } from '@ant-design/icons';
import { CONTRACT_STATUSES, type ContractStatus } from '@esign/platform';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { STATUS_LABELS } from './ContractStatusTag';
import {
  NO_SEARCH,
  SEARCH_MAX,
  type ContractListFilters,
  type ContractSearch,
} from './listFilters';

const DAY = 'YYYY-MM-DD';

/** What the form holds: the texts, the signing days as a range, the status. */
interface SearchValues {
  number: string;
  name: string;
  initiator: string;
  participant: string;
  signRange: [Dayjs, Dayjs] | null;
  status: ContractStatus | null;
}

function valuesOf(search: ContractSearch): SearchValues {
  const { number, name, initiator, participant, signFrom, signTo, status } = search;
  return {
    number,
    name,
    initiator,
    participant,
    signRange: signFrom && signTo ? [dayjs(signFrom, DAY), dayjs(signTo, DAY)] : null,
    status,
  };
}

function criteriaOf(values: SearchValues): ContractSearch {
  const { signRange, status, ...texts } = values;
  return {
    number: texts.number ?? '',
    name: texts.name ?? '',
    initiator: texts.initiator ?? '',
    participant: texts.participant ?? '',
    signFrom: signRange ? signRange[0].format(DAY) : null,
    signTo: signRange ? signRange[1].format(DAY) : null,
    status: status ?? null,
  };
}

/**
 * The search of the contract list (spec 000 §2): number, name, signing time, initiator,
 * participant and status. It shows what the address says; Search and Reset change the address,
 * and with it the list. Remount it (a `key`) when the address changes.
 *
 * On a phone (`sheet`) the name has its own box above the list and the form holds the other
 * criteria, in the Filters sheet: Apply and Reset leave the name as it is.
 */
export function ContractSearchForm({
  filters,
  onSearch,
  sheet = false,
}: {
  filters: ContractListFilters;
  onSearch(criteria: ContractSearch): void;
  sheet?: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SearchValues>();
  const search = (criteria: ContractSearch) =>
    onSearch(sheet ? { ...criteria, name: filters.name } : criteria);
  const text = (field: keyof typeof SEARCH_MAX, label: string) => (
    <Form.Item name={field} label={label}>
      <Input allowClear maxLength={SEARCH_MAX[field]} />
    </Form.Item>
  );

  return (
    <Form<SearchValues>
      form={form}
      className={sheet ? 'contract-search contract-search-sheet' : 'contract-search'}
      layout="vertical"
      aria-label={t(sheet ? 'contractList.filters' : 'contractList.searchForm')}
      initialValues={valuesOf(filters)}
      onFinish={(values) => search(criteriaOf(values))}
    >
      <div className="contract-search-fields">
        {text('number', t('contractList.number'))}
        {sheet ? null : text('name', t('contractList.name'))}
        <Form.Item name="signRange" label={t('contractList.signingTime')}>
          <DatePicker.RangePicker
            className="contract-search-range"
            allowEmpty={[false, false]}
            placeholder={[t('contractList.signFrom'), t('contractList.signTo')]}
          />
        </Form.Item>
        {text('initiator', t('contractList.initiator'))}
        {text('participant', t('contractList.participant'))}
        <Form.Item name="status" label={t('contractList.status')}>
          <Select<ContractStatus>
            allowClear
            placeholder={t('contractList.allStatuses')}
            options={CONTRACT_STATUSES.map((status) => ({
              value: status,
              label: t(STATUS_LABELS[status]),
            }))}
          />
        </Form.Item>
      </div>
      <div className="contract-search-buttons">
        <Button
          type="primary"
          htmlType="submit"
          icon={sheet ? undefined : <SearchOutlined aria-hidden />}
        >
          {t(sheet ? 'contractList.apply' : 'contractList.search')}
        </Button>
        <Button
          onClick={() => {
            form.setFieldsValue(valuesOf(NO_SEARCH));
            search(NO_SEARCH);
          }}
        >
          {t('contractList.reset')}
        </Button>
      </div>
    </Form>
  );
}
