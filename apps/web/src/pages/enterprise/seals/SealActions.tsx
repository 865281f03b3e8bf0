import { SEAL_REJECT_REASON_MAX, type CompanySeal, type SealStatusAction } from '@esign/platform';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  changeCompanySealStatus,
  removeCompanySeal,
  useCompanySealMutation,
} from '../../../api/companySeals';
import { requiredRule } from '../../../forms/rules';
import { unlessShown, useSealConsole } from './useSealConsole';

/** The address of a seal's details. */
export const sealViewPath = (id: string) => `/enterprise-console/seal-view?id=${id}`;

/** Rejects a pending seal with the reason its maker reads. */
function RejectDialog({ seal, onClose }: { seal: CompanySeal; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { companyId, locale } = useSealConsole();
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useCompanySealMutation(companyId, changeCompanySealStatus);
  return (
    <Modal
      open
      title={t('companySealPage.rejectDialog.title', { name: seal.name })}
      okText={t('companySealPage.actions.reject')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={reject.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={({ reason }) =>
          unlessShown(async () => {
            await reject.mutateAsync({ id: seal.id, action: 'reject', reason: reason.trim() });
            void message.success(t('companySealPage.rejectDialog.done', { name: seal.name }));
            onClose();
          })
        }
      >
        <Form.Item
          name="reason"
          label={t('companySealPage.rejectDialog.reason')}
          rules={[requiredRule(locale, 'sealRejectReasonRequired')]}
        >
          <Input.TextArea
            autoFocus
            rows={3}
            maxLength={SEAL_REJECT_REASON_MAX}
            showCount
            placeholder={t('companySealPage.rejectDialog.reasonPlaceholder', {
              name: seal.createdBy.name,
            })}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The buttons a seal offers the session (its `can`, from the server) and their confirmations:
 * view, approve or reject (the administrator, on a pending seal), disuse or enable, delete. Links
 * in a table row, buttons on the seal's page.
 */
export function SealActionButtons({
  seal,
  inRow,
  onRemoved,
}: {
  seal: CompanySeal;
  /** In a table row: link-styled, with View first. */
  inRow?: boolean;
  /** After the seal was deleted (the details page leaves for the list). */
  onRemoved?(): void;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { companyId } = useSealConsole();
  const [rejecting, setRejecting] = useState(false);
  const status = useCompanySealMutation(companyId, changeCompanySealStatus);
  const remove = useCompanySealMutation(companyId, removeCompanySeal);
  const type = inRow ? 'link' : 'default';

  const confirmStatus = (action: Exclude<SealStatusAction, 'reject'>) => {
    const texts = `companySealPage.${action}Dialog` as const;
    void modal.confirm({
      title: t(`${texts}.title`, { name: seal.name }),
      content: t(`${texts}.content`),
      okText: t(`companySealPage.actions.${action}`),
      okButtonProps: { danger: action === 'disuse' },
      cancelText: t('common.cancel'),
      onOk: () =>
        unlessShown(async () => {
          await status.mutateAsync({ id: seal.id, action });
          void message.success(t(`${texts}.done`, { name: seal.name }));
        }),
    });
  };

  const confirmRemove = () => {
    void modal.confirm({
      title: t('companySealPage.deleteDialog.title', { name: seal.name }),
      content: t('companySealPage.deleteDialog.content'),
      okText: t('companySealPage.actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        unlessShown(async () => {
          const { outcome } = await remove.mutateAsync(seal.id);
          void message.success(t(`companySealPage.deleteDialog.${outcome}`, { name: seal.name }));
          if (outcome === 'deleted') onRemoved?.();
        }),
    });
  };

  return (
    <Space size={inRow ? 0 : 8} wrap>
      {inRow && (
        <Link to={sealViewPath(seal.id)} className="company-seal-view-link">
          {t('companySealPage.actions.view')}
        </Link>
      )}
      {seal.can.approve && (
        <>
          <Button type={inRow ? 'link' : 'primary'} onClick={() => confirmStatus('approve')}>
            {t('companySealPage.actions.approve')}
          </Button>
          <Button type={type} danger onClick={() => setRejecting(true)}>
            {t('companySealPage.actions.reject')}
          </Button>
        </>
      )}
      {seal.can.edit && seal.status === 'normal' && (
        <Button type={type} onClick={() => confirmStatus('disuse')}>
          {t('companySealPage.actions.disuse')}
        </Button>
      )}
      {seal.can.edit && seal.status === 'disuse' && (
        <Button type={type} onClick={() => confirmStatus('enable')}>
          {t('companySealPage.actions.enable')}
        </Button>
      )}
      {seal.can.remove && (
        <Button type={type} danger onClick={confirmRemove}>
          {t('companySealPage.actions.delete')}
        </Button>
      )}
      {rejecting && <RejectDialog seal={seal} onClose={() => setRejecting(false)} />}
    </Space>
  );
}
