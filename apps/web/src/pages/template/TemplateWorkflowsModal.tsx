import {
  WORKFLOW_TYPES,
  type TemplateListItem,
  type TemplateWorkflows,
  type WorkflowType,
} from '@esign/platform';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { approvalKeys, approvalQueries, setTemplateWorkflows } from '../../api/signingApproval';
import { fetchWorkflowOptions } from '../../api/workflows';
import { FormModal } from '../../forms/FormModal';
import { useSubmit } from '../../forms/useSubmit';
import { useSession } from '../../session';

type Choice = Record<WorkflowType, string>;

/** '' stands for "no approval" in the selects. */
const NONE = '';

/** One type's select: the company's enabled flows of that type (workflowtemplate/getSelectList). */
function FlowSelect({ type }: { type: WorkflowType }) {
  const { t } = useTranslation();
  const companyId = useSession((state) => state.companyId);
  const options = useQuery({
    queryKey: ['workflows', companyId, 'options', type],
    queryFn: () => fetchWorkflowOptions(type),
  });
  const flows = options.data ?? [];
  return (
    <Form.Item
      name={type}
      label={t(`approvalInbox.templateFlows.${type}`)}
      extra={
        options.data && flows.length === 0 ? t('approvalInbox.templateFlows.noFlows') : undefined
      }
    >
      <Select
        loading={options.isPending}
        options={[
          { value: NONE, label: t('approvalInbox.templateFlows.none') },
          ...flows.map((flow) => ({ value: flow.id, label: flow.name })),
        ]}
      />
    </Form.Item>
  );
}

/**
 * A company template's approval flows (template/getWorkflow, setWorkflow; issue 30): the flow a
 * contract from it waits for before it is initiated, and the one before the company signs it,
 * each one of the company's enabled flows of that type, or none.
 */
export function TemplateWorkflowsModal({
  template,
  onClose,
}: {
  template: TemplateListItem | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const companyId = useSession((state) => state.companyId);
  const [form] = Form.useForm<Choice>();
  const current = useQuery({
    ...approvalQueries.templateWorkflows(companyId, template?.id ?? ''),
    enabled: template !== null,
    staleTime: 0,
  });
  const { submit, pending, refusal } = useSubmit(async (choice: Choice) => {
    if (!template) return;
    const saved = await setTemplateWorkflows({
      id: template.id,
      beforeInitiate: choice.beforeInitiate || null,
      beforeSign: choice.beforeSign || null,
    });
    client.setQueryData(approvalKeys.templateWorkflows(companyId, template.id), saved);
    void message.success(t('approvalInbox.templateFlows.saved', { name: template.name }));
    onClose();
  });
  const initial = (flows: TemplateWorkflows): Choice => ({
    beforeInitiate: flows.beforeInitiate?.id ?? NONE,
    beforeSign: flows.beforeSign?.id ?? NONE,
  });
  return (
    <FormModal<Choice>
      open={template !== null}
      title={t('approvalInbox.templateFlows.dialogTitle', { name: template?.name ?? '' })}
      okText={t('approvalInbox.templateFlows.save')}
      pending={pending}
      refusal={refusal}
      form={form}
      name="template-workflows"
      // The form starts afresh once the template's flows are read.
      key={current.data ? 'read' : 'reading'}
      initialValues={current.data ? initial(current.data) : undefined}
      onFinish={submit}
      onClose={onClose}
    >
      <p>{t('approvalInbox.templateFlows.intro')}</p>
      {current.data ? (
        WORKFLOW_TYPES.map((type) => <FlowSelect key={type} type={type} />)
      ) : (
        <Spin />
      )}
    </FormModal>
  );
}
