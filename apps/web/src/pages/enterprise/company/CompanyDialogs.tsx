/**
 * The company's changes as step dialogs (spec 001 §7 Company): legal representative and name
 * (details → SMS code), administrator transfer (successor → the administrator's code) and
 * write-off (unfinished contracts first, then the typed name and the code).
 */
import {
  PERSONAL_CONSOLE_ID,
  beginChangeLegalSchema,
  companyNameSchema,
  type CompanyInfo,
  type PendingCompanyChange,
} from '@esign/platform';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { signInToConsole } from '../../../api/auth';
import {
  beginChangeCompanyName,
  beginChangeLegal,
  changeAdmin,
  changeCompanyName,
  changeLegal,
  companyInfoKeys,
  companyInfoQueries,
  sendChangeAdminCode,
  sendChangeCompanyNameCode,
  sendChangeLegalCode,
  sendWriteOffCode,
  writeOff,
} from '../../../api/companyInfo';
import { queries } from '../../../api/queries';
import { fetchUserInfo } from '../../../api/shell';
import { failureMessage } from '../../../api/templateEditor';
import { schemaRule } from '../../../forms/rules';
import { localeOf } from '../../../i18n/locale';
import { HOME_PATH } from '../../../routes/table';
import { session, useSession } from '../../../session';
import { CodeStep, StepModal } from './StepModal';

export interface CompanyDialogProps {
  info: CompanyInfo;
  onClose(): void;
}

const legalFields = beginChangeLegalSchema.shape;

/** After a change: the page, the console switcher and the sidebar read it again. */
function useRefresh() {
  const client = useQueryClient();
  const companyId = useSession((state) => state.companyId);
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: companyInfoKeys.all(companyId) }),
      client.invalidateQueries({ queryKey: queries.companies().queryKey }),
      client.invalidateQueries({ queryKey: queries.menu(companyId).queryKey }),
    ]);
}

/** A failed step: its message under the field it concerns, the dialog stays open. */
function showOn(form: ReturnType<typeof Form.useForm>[0], field: string) {
  return (error: unknown) => form.setFields([{ name: field, errors: [failureMessage(error)] }]);
}

/** Legal representative change: the new one's name, phone and ID number, then their code. */
export function LegalChangeDialog({ info, onClose }: CompanyDialogProps) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const refresh = useRefresh();
  const [begun, setBegun] = useState<PendingCompanyChange | null>(info.pending.legal);
  const [step, setStep] = useState(info.pending.legal ? 1 : 0);
  const [pending, setPending] = useState(false);
  const name = 'company-legal';

  const onFinish = (values: {
    name?: string;
    phone?: string;
    idNumber?: string;
    code?: string;
  }) => {
    setPending(true);
    const done =
      step === 0
        ? beginChangeLegal({
            name: values.name ?? '',
            phone: values.phone ?? '',
            idNumber: values.idNumber ?? '',
          }).then(
            (change) => {
              setBegun(change);
              setStep(1);
            },
            showOn(form, 'name'),
          )
        : changeLegal(values.code ?? '').then(
            async (changed) => {
              void message.success(t('companyPage.legalChanged', { name: changed.legal?.name }));
              await refresh();
              onClose();
            },
            showOn(form, 'code'),
          );
    void done.finally(() => setPending(false));
  };

  return (
    <StepModal
      title={t('companyPage.legalTitle')}
      steps={[t('companyPage.stepDetails'), t('companyPage.stepVerify')]}
      step={step}
      okText={t(step === 0 ? 'companyPage.next' : 'companyPage.confirm')}
      pending={pending}
      form={form}
      name={name}
      onFinish={onFinish}
      onBack={step === 1 ? () => setStep(0) : undefined}
      onClose={onClose}
    >
      {step === 0 ? (
        <>
          <Form.Item
            name="name"
            label={t('companyPage.legalName')}
            rules={[schemaRule(legalFields.name, locale)]}
            initialValue={begun?.legal?.name}
          >
            <Input maxLength={30} autoComplete="off" autoFocus />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('companyPage.legalPhone')}
            rules={[schemaRule(legalFields.phone, locale)]}
          >
            <Input inputMode="numeric" maxLength={11} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="idNumber"
            label={t('companyPage.legalIdNumber')}
            rules={[schemaRule(legalFields.idNumber, locale)]}
          >
            <Input
              maxLength={18}
              autoComplete="off"
              placeholder={t('companyPage.legalIdPlaceholder')}
            />
          </Form.Item>
        </>
      ) : (
        <>
          {begun?.legal ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('companyPage.pendingLegal', { name: begun.legal.name })}
            />
          ) : null}
          <CodeStep formId={name} phone={begun?.codePhone ?? ''} send={sendChangeLegalCode} />
        </>
      )}
    </StepModal>
  );
}

/** Company name change: the new full name, then the administrator's code. */
export function NameChangeDialog({ info, onClose }: CompanyDialogProps) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const refresh = useRefresh();
  const [begun, setBegun] = useState<PendingCompanyChange | null>(info.pending.name);
  const [step, setStep] = useState(info.pending.name ? 1 : 0);
  const [pending, setPending] = useState(false);
  const name = 'company-name';

  const onFinish = (values: { companyName?: string; code?: string }) => {
    setPending(true);
    const done =
      step === 0
        ? beginChangeCompanyName(values.companyName ?? '').then(
            (change) => {
              setBegun(change);
              setStep(1);
            },
            showOn(form, 'companyName'),
          )
        : changeCompanyName(values.code ?? '').then(
            async (changed) => {
              void message.success(t('companyPage.nameChanged', { name: changed.companyName }));
              session.setState({ companyName: changed.companyName });
              await refresh();
              onClose();
            },
            showOn(form, 'code'),
          );
    void done.finally(() => setPending(false));
  };

  return (
    <StepModal
      title={t('companyPage.nameTitle')}
      steps={[t('companyPage.stepDetails'), t('companyPage.stepVerify')]}
      step={step}
      okText={t(step === 0 ? 'companyPage.next' : 'companyPage.confirm')}
      pending={pending}
      form={form}
      name={name}
      onFinish={onFinish}
      onBack={step === 1 ? () => setStep(0) : undefined}
      onClose={onClose}
    >
      {step === 0 ? (
        <Form.Item
          name="companyName"
          label={t('companyPage.newName')}
          rules={[schemaRule(companyNameSchema, locale)]}
          initialValue={begun?.companyName}
        >
          <Input maxLength={100} autoFocus placeholder={t('companyPage.newNamePlaceholder')} />
        </Form.Item>
      ) : (
        <>
          {begun?.companyName ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('companyPage.pendingName', { name: begun.companyName })}
            />
          ) : null}
          <CodeStep formId={name} phone={begun?.codePhone ?? ''} send={sendChangeCompanyNameCode} />
        </>
      )}
    </StepModal>
  );
}

/** Administrator transfer: the successor among the active members, then the administrator's code. */
export function AdminTransferDialog({ info, onClose }: CompanyDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const refresh = useRefresh();
  const companyId = useSession((state) => state.companyId);
  const candidates = useQuery(companyInfoQueries.candidates(companyId));
  const [successor, setSuccessor] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const step = successor === null ? 0 : 1;
  const chosen = candidates.data?.find((candidate) => candidate.userId === successor);
  const name = 'company-admin';
  const none = candidates.data?.length === 0;

  const onFinish = (values: { userId?: number; code?: string }) => {
    if (step === 0) return setSuccessor(values.userId ?? null);
    setPending(true);
    void changeAdmin(successor!, values.code ?? '')
      .then(
        async () => {
          void message.success(t('companyPage.adminTransferred', { name: chosen?.name }));
          // The session's own rights changed: the sidebar and the buttons follow at once.
          session.getState().setUserInfo(await fetchUserInfo());
          await refresh();
          onClose();
        },
        showOn(form, 'code'),
      )
      .finally(() => setPending(false));
  };

  return (
    <StepModal
      title={t('companyPage.adminTitle')}
      steps={[t('companyPage.successor'), t('companyPage.stepVerify')]}
      step={step}
      okText={t(step === 0 ? 'companyPage.next' : 'companyPage.confirm')}
      okDisabled={step === 0 && (none || !candidates.data)}
      danger={step === 1}
      pending={pending}
      form={form}
      name={name}
      onFinish={onFinish}
      onBack={step === 1 ? () => setSuccessor(null) : undefined}
      onClose={onClose}
    >
      {step === 0 ? (
        candidates.isError ? (
          <Alert type="error" showIcon title={failureMessage(candidates.error)} />
        ) : none ? (
          <Alert type="info" showIcon title={t('companyPage.noCandidates')} />
        ) : (
          <Form.Item
            name="userId"
            label={t('companyPage.successor')}
            rules={[{ required: true, message: t('companyPage.successorPlaceholder') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={candidates.isLoading}
              placeholder={t('companyPage.successorPlaceholder')}
              options={(candidates.data ?? []).map((candidate) => ({
                value: candidate.userId,
                label: `${candidate.name || candidate.phone} · ${candidate.phone}`,
              }))}
            />
          </Form.Item>
        )
      ) : (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('companyPage.adminWarning', { name: chosen?.name || chosen?.phone })}
          />
          <CodeStep formId={name} phone={info.admin?.phone ?? ''} send={sendChangeAdminCode} />
        </>
      )}
    </StepModal>
  );
}

/**
 * Write-off: refused while contracts are unfinished (their number said, nothing to confirm);
 * otherwise the full name typed out and the administrator's code. Written off, the session moves
 * to the personal console, as when a company is left.
 */
export function WriteOffDialog({ info, onClose }: CompanyDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const client = useQueryClient();
  const navigate = useNavigate();
  const companyId = useSession((state) => state.companyId);
  const unfinished = useQuery(companyInfoQueries.unfinished(companyId));
  const [pending, setPending] = useState(false);
  const count = unfinished.data?.count ?? 0;
  const blocked = !unfinished.data || count > 0;
  const name = 'company-write-off';

  const onFinish = (values: { companyName?: string; code?: string }) => {
    if (blocked) return;
    setPending(true);
    void writeOff(values.code ?? '', values.companyName ?? '')
      .then(
        async () => {
          void message.success(t('companyPage.writtenOff', { name: info.companyName }));
          onClose();
          session.getState().signIn(await signInToConsole(PERSONAL_CONSOLE_ID), Date.now());
          client.clear();
          await navigate(HOME_PATH, { replace: true });
        },
        showOn(form, 'code'),
      )
      .finally(() => setPending(false));
  };

  return (
    <StepModal
      title={t('companyPage.writeOffTitle')}
      step={0}
      okText={t('companyPage.writeOffConfirm')}
      okDisabled={blocked}
      danger
      pending={pending}
      form={form}
      name={name}
      onFinish={onFinish}
      onClose={onClose}
    >
      {unfinished.isLoading ? (
        <Spin description={t('companyPage.checkingContracts')}>
          <div style={{ minHeight: 64 }} />
        </Spin>
      ) : unfinished.isError ? (
        <Alert type="error" showIcon title={failureMessage(unfinished.error)} />
      ) : count > 0 ? (
        <Alert
          type="error"
          showIcon
          title={t('companyPage.unfinishedTitle')}
          description={t('companyPage.unfinished', { count })}
        />
      ) : (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('companyPage.writeOffWarning', { name: info.companyName })}
          />
          <Form.Item
            name="companyName"
            label={t('companyPage.typeName')}
            extra={info.companyName}
            rules={[
              {
                validator: async (_rule, value: unknown) => {
                  if (String(value ?? '').trim() !== info.companyName) {
                    throw new Error(t('companyPage.typeNameMismatch', { name: info.companyName }));
                  }
                },
              },
            ]}
          >
            <Input autoComplete="off" autoFocus />
          </Form.Item>
          <CodeStep formId={name} phone={info.admin?.phone ?? ''} send={sendWriteOffCode} />
        </>
      )}
    </StepModal>
  );
}
