import {
  SEAL_CONTRACT_RANGES,
  SEAL_RIGHTS,
  SEAL_STAFF_RANGES,
  message as platformMessage,
  sealDay,
  type CompanySeal,
  type SealAuthorization,
  type SealContractRange,
  type SealRight,
  type SealStaffRange,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, DatePicker, Form, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  authorizeCompanySeal,
  reauthorizeCompanySeal,
  useCompanySealMutation,
} from '../../../api/companySeals';
import { staffQueries } from '../../../api/staff';
import { templateQueries } from '../../../api/templates';
import { unlessShown, useSealConsole } from './useSealConsole';

/** The calendar days an authorisation runs, as the picker holds them. */
type Period = [Dayjs | null, Dayjs | null] | null;

const DAY = 'YYYY-MM-DD';

/** The picker's days as the calls take them (yyyy-MM-dd, both included). */
function daysOf(period: Period): { startDate: string; endDate: string } {
  return { startDate: period![0]!.format(DAY), endDate: period![1]!.format(DAY) };
}

/** How long a new authorisation runs unless the days are changed: a month from today. */
const DEFAULT_DAYS = 30;

/** Today and a month on, in the calendar authorisation days are counted in (China's). */
function defaultPeriod(): Period {
  const today = dayjs(sealDay(new Date()));
  return [today, today.add(DEFAULT_DAYS, 'day')];
}

/** The authorisation's time: both days required, with the platform's message. */
function PeriodField() {
  const { t } = useTranslation();
  const { locale } = useSealConsole();
  return (
    <Form.Item
      name="period"
      label={t('companySealPage.authorizeDialog.period')}
      required
      rules={[
        {
          validator: async (_rule, value: Period) => {
            if (!value?.[0] || !value[1]) {
              throw new Error(platformMessage('sealAuthTimeRequired', locale));
            }
          },
        },
      ]}
    >
      <DatePicker.RangePicker
        className="company-seal-period"
        format={DAY}
        placeholder={[
          t('companySealPage.authorizeDialog.start'),
          t('companySealPage.authorizeDialog.end'),
        ]}
      />
    </Form.Item>
  );
}

interface AuthorizeValues {
  staffRange: SealStaffRange;
  granteeIds: string[];
  right: SealRight;
  contractRange: SealContractRange;
  templateId?: string;
  period: Period;
}

/**
 * Authorises staff to use (or manage) a seal: all staff or the members chosen (active ones, from
 * the staff list), for all contracts or one template's, from a start day to an end day.
 */
export function AuthorizeDialog({ seal, onClose }: { seal: CompanySeal; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { companyId, locale } = useSealConsole();
  const [form] = Form.useForm<AuthorizeValues>();
  const authorize = useCompanySealMutation(companyId, authorizeCompanySeal);
  const staffRange = Form.useWatch('staffRange', form) ?? 'specified';
  const contractRange = Form.useWatch('contractRange', form) ?? 'all';
  const [staffKeyword, setStaffKeyword] = useState('');
  const [staffOpen, setStaffOpen] = useState(false);
  const [templateKeyword, setTemplateKeyword] = useState('');
  const staff = useQuery({
    ...staffQueries.list(companyId, {
      current: 1,
      size: 50,
      status: 'active',
      ...(staffKeyword.trim() ? { keyword: staffKeyword.trim() } : {}),
    }),
    enabled: staffRange === 'specified',
  });
  const templates = useQuery({
    ...templateQueries.list(companyId, {
      current: 1,
      size: 50,
      ...(templateKeyword.trim() ? { name: templateKeyword.trim() } : {}),
    }),
    enabled: contractRange === 'template',
  });
  return (
    <Modal
      open
      title={t('companySealPage.authorizeDialog.title', { name: seal.name })}
      okText={t('companySealPage.authorizeDialog.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={authorize.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      width={560}
    >
      <Form<AuthorizeValues>
        form={form}
        layout="vertical"
        initialValues={{
          staffRange: 'specified',
          granteeIds: [],
          right: 'use',
          contractRange: 'all',
          period: defaultPeriod(),
        }}
        onFinish={(values) =>
          unlessShown(async () => {
            await authorize.mutateAsync({
              sealId: seal.id,
              right: values.right,
              staffRange: values.staffRange,
              granteeIds: values.staffRange === 'specified' ? values.granteeIds : [],
              contractRange: values.contractRange,
              ...(values.contractRange === 'template' ? { templateId: values.templateId } : {}),
              ...daysOf(values.period),
            });
            void message.success(t('companySealPage.authorizeDialog.done'));
            onClose();
          })
        }
      >
        <Form.Item name="staffRange" label={t('companySealPage.authorizeDialog.staffRange')}>
          <Radio.Group
            options={SEAL_STAFF_RANGES.map((range) => ({
              value: range,
              label: t(
                range === 'all'
                  ? 'companySealPage.authorizeDialog.staffAll'
                  : 'companySealPage.authorizeDialog.staffSpecified',
              ),
            }))}
          />
        </Form.Item>
        {staffRange === 'specified' && (
          <Form.Item
            name="granteeIds"
            label={t('companySealPage.authorizeDialog.staff')}
            htmlFor="seal-authorize-staff"
            required
            rules={[
              {
                validator: async (_rule, value: string[] | undefined) => {
                  if (!value?.length) {
                    throw new Error(platformMessage('sealAuthGranteeRequired', locale));
                  }
                },
              },
            ]}
          >
            <Select
              id="seal-authorize-staff"
              mode="multiple"
              showSearch={{ filterOption: false, onSearch: setStaffKeyword }}
              // The list closes on each choice (as a single choice's does), uncovering the rest of
              // the form; opening it again adds another member.
              open={staffOpen}
              onOpenChange={setStaffOpen}
              onSelect={() => setStaffOpen(false)}
              loading={staff.isFetching}
              placeholder={t('companySealPage.authorizeDialog.staffPlaceholder')}
              options={(staff.data?.records ?? [])
                .filter((member) => member.status === 'active')
                .map((member) => ({
                  value: member.id,
                  label: `${member.name} · ${member.phone}`,
                }))}
            />
          </Form.Item>
        )}
        <Form.Item name="right" label={t('companySealPage.authorizeDialog.right')}>
          <Radio.Group
            options={SEAL_RIGHTS.map((right) => ({
              value: right,
              label: t(`companySealPage.authorization.right.${right}`),
              title: t(
                right === 'use'
                  ? 'companySealPage.authorizeDialog.rightUseHint'
                  : 'companySealPage.authorizeDialog.rightManageHint',
              ),
            }))}
          />
        </Form.Item>
        <Form.Item name="contractRange" label={t('companySealPage.authorizeDialog.contractRange')}>
          <Radio.Group
            options={SEAL_CONTRACT_RANGES.map((range) => ({
              value: range,
              label: t(
                range === 'all'
                  ? 'companySealPage.authorizeDialog.contractAll'
                  : 'companySealPage.authorizeDialog.contractTemplate',
              ),
            }))}
          />
        </Form.Item>
        {contractRange === 'template' && (
          <Form.Item
            name="templateId"
            label={t('companySealPage.authorizeDialog.template')}
            htmlFor="seal-authorize-template"
            required
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  if (!value) throw new Error(platformMessage('sealAuthTemplateRequired', locale));
                },
              },
            ]}
          >
            <Select
              id="seal-authorize-template"
              showSearch={{ filterOption: false, onSearch: setTemplateKeyword }}
              loading={templates.isFetching}
              placeholder={t('companySealPage.authorizeDialog.templatePlaceholder')}
              options={(templates.data?.records ?? []).map((template) => ({
                value: template.id,
                label: template.name,
              }))}
            />
          </Form.Item>
        )}
        <PeriodField />
      </Form>
    </Modal>
  );
}

/** New days for an authorisation (an expired or expiring one, most often). */
export function ReauthorizeDialog({
  authorization,
  granteeName,
  onClose,
}: {
  authorization: SealAuthorization;
  granteeName: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { companyId } = useSealConsole();
  const [form] = Form.useForm<{ period: Period }>();
  const reauthorize = useCompanySealMutation(companyId, reauthorizeCompanySeal);
  return (
    <Modal
      open
      title={t('companySealPage.reauthorizeDialog.title', { grantee: granteeName })}
      okText={t('companySealPage.authorizeDialog.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={reauthorize.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          period: [dayjs(authorization.startDate), dayjs(authorization.endDate)],
        }}
        onFinish={({ period }) =>
          unlessShown(async () => {
            await reauthorize.mutateAsync({ id: authorization.id, ...daysOf(period) });
            void message.success(t('companySealPage.reauthorizeDialog.done'));
            onClose();
          })
        }
      >
        <PeriodField />
      </Form>
    </Modal>
  );
}
