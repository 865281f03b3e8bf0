import type { ArchiveCategory, ArchivedContract } from '@esign/platform';
import { App, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileContracts, useArchiveMutation } from '../../../api/contractArchive';
import { FormModal } from '../../../forms/FormModal';
import { useSubmit } from '../../../forms/useSubmit';
import { useArchiveConsole } from './useArchiveConsole';

/**
 * Files one or several completed contracts in a category, or moves them there from theirs: the
 * categories offered are those the member manages.
 */
export function ArchiveFileModal({
  contracts,
  categories,
  onClose,
  onFiled,
}: {
  /** Null when the dialog is closed. */
  contracts: ArchivedContract[] | null;
  categories: ArchiveCategory[];
  onClose(): void;
  onFiled(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { companyId } = useArchiveConsole();
  const [form] = Form.useForm<{ classifyId: string }>();
  const file = useArchiveMutation(companyId, fileContracts);
  const managed = categories.filter((category) => category.right === 'manage');
  const count = contracts?.length ?? 0;
  const only = contracts?.length === 1 ? contracts[0] : undefined;
  const { submit, pending, refusal } = useSubmit(async ({ classifyId }: { classifyId: string }) => {
    await file.mutateAsync({ classifyId, contractIds: (contracts ?? []).map(({ id }) => id) });
    const name = managed.find((category) => category.id === classifyId)?.name ?? '';
    void message.success(t('contractArchive.filed', { count, category: name }));
    onFiled();
    onClose();
  });
  const current = only?.classifyId ?? undefined;
  return (
    <FormModal
      open={contracts !== null}
      title={
        only
          ? t(only.classifyId ? 'contractArchive.moveTitle' : 'contractArchive.fileTitle', {
              name: only.name,
            })
          : t('contractArchive.fileManyTitle', { count })
      }
      okText={t(only?.classifyId ? 'contractArchive.move' : 'contractArchive.file')}
      pending={pending}
      refusal={refusal}
      form={form}
      name="archive-file"
      initialValues={{ classifyId: managed.some(({ id }) => id === current) ? current : undefined }}
      onFinish={submit}
      onClose={onClose}
    >
      <Form.Item
        name="classifyId"
        label={t('contractArchive.fileInto')}
        rules={[{ required: true, message: t('contractArchive.chooseCategory') }]}
        extra={managed.length === 0 ? t('contractArchive.noManagedCategory') : undefined}
      >
        <Select
          placeholder={t('contractArchive.chooseCategory')}
          options={managed.map((category) => ({ value: category.id, label: category.name }))}
        />
      </Form.Item>
    </FormModal>
  );
}
