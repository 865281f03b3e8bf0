import {
  PERSONAL_CONSOLE_ID,
  message as platformMessage,
  type TemplateListItem,
  type TemplatePreviewTicket,
  type TemplateStatus,
} from '@esign/platform';
import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isShownFailure } from '../../api/client';
import { RequestError } from '../../api/request';
import { failureMessage, refusalProblems, setTemplateStatus } from '../../api/templateEditor';
import {
  fetchPreviewTicket,
  fileTemplates,
  removeTemplates,
  unfileTemplates,
  useTemplateMutation,
} from '../../api/templates';
import { useGuardedNavigate } from '../../layout/useGuardedNavigate';
import { useSession } from '../../session';
import { MoveToCategoryModal } from './MoveToCategoryModal';
import { PreviewLinkModal } from './PreviewLinkModal';
import { TemplateWorkflowsModal } from './TemplateWorkflowsModal';
import { ProblemList } from './TemplateProblems';
import { editorPath } from './paths';
import { useTemplateConsole } from './useTemplateConsole';

/** A failure the request module has shown already needs nothing more; anything else is a bug. */
export function unlessShown(error: unknown): void {
  if (!isShownFailure(error)) throw error;
}

export interface TemplateActions {
  /** Asks first, then deletes; with nothing selected, says that one record is needed. */
  confirmDelete(templates: readonly TemplateListItem[]): void;
  /** Enables a disabled template or disables an enabled one; a refusal lists the problems. */
  toggleStatus(template: TemplateListItem): void;
  /** The template whose status is being changed now. */
  statusPendingId: string | null;
  /** Issues a preview ticket and shows its public link. */
  sharePreview(template: TemplateListItem): void;
  /** Asks for a category, then files the templates in it. */
  moveToCategory(templates: readonly TemplateListItem[]): void;
  /** Takes the templates out of their category. */
  removeFromCategory(templates: readonly TemplateListItem[]): void;
  /** A company template's approval flows (none in the personal console, which has no flows). */
  chooseWorkflows?(template: TemplateListItem): void;
  /** The dialogs the actions open; render them once. */
  dialogs: ReactNode;
}

/**
 * What can be done with templates of the list, one or several at a time. `afterChange` runs when
 * templates were deleted, moved or taken out of their category (the list clears its selection and
 * steps back a page when the last one emptied).
 */
export function useTemplateActions(
  afterChange: (change: { removed: number }) => void,
): TemplateActions {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { go } = useGuardedNavigate();
  const { companyId, locale } = useTemplateConsole();
  const remove = useTemplateMutation(companyId, removeTemplates);
  const status = useTemplateMutation(companyId, (change: { id: string; status: TemplateStatus }) =>
    setTemplateStatus(change.id, change.status),
  );
  const file = useTemplateMutation(
    companyId,
    ({ classifyId, ids }: { classifyId: string; ids: string[] }) => fileTemplates(classifyId, ids),
  );
  const unfile = useTemplateMutation(companyId, unfileTemplates);
  const ticket = useMutation({ mutationFn: fetchPreviewTicket });
  const [shared, setShared] = useState<{
    template: TemplateListItem;
    ticket: TemplatePreviewTicket;
  } | null>(null);
  const [moving, setMoving] = useState<readonly TemplateListItem[] | null>(null);

  const confirmDelete = (templates: readonly TemplateListItem[]) => {
    if (templates.length === 0) {
      void message.warning(platformMessage('selectAtLeastOne', locale));
      return;
    }
    const ids = templates.map(({ id }) => id);
    void modal.confirm({
      title:
        templates.length === 1
          ? t('templateList.deleteOneTitle', { name: templates[0]!.name })
          : t('templateList.deleteManyTitle', { count: templates.length }),
      content: t('templateList.deleteContent'),
      okText: t('templateList.deleteOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove.mutateAsync(ids).then(() => {
          void message.success(t('templateList.deleted', { count: ids.length }));
          afterChange({ removed: ids.length });
        }, unlessShown),
    });
  };

  const showRefusal = (template: TemplateListItem, error: unknown) => {
    // The request module has shown an expired session and sends the user to log in.
    if (error instanceof RequestError && error.status === 401) return;
    const text = failureMessage(error);
    const problems = refusalProblems(error);
    if (problems.length === 0) {
      void message.error(text);
      return;
    }
    void modal.confirm({
      className: 'template-problems-dialog',
      width: 480,
      title: text,
      content: <ProblemList problems={problems} />,
      okText: t('templateList.openEditor'),
      cancelText: t('templateList.close'),
      onOk: () => go(editorPath(template.id)),
    });
  };

  const toggleStatus = (template: TemplateListItem) => {
    const next: TemplateStatus = template.status === 1 ? 0 : 1;
    status.mutate(
      { id: template.id, status: next },
      {
        onSuccess: () =>
          void message.success(
            t(next === 1 ? 'templateList.enabledNow' : 'templateList.disabledNow', {
              name: template.name,
            }),
          ),
        onError: (error) => showRefusal(template, error),
      },
    );
  };

  const sharePreview = (template: TemplateListItem) =>
    ticket.mutate(template.id, {
      onSuccess: (issued) => setShared({ template, ticket: issued }),
    });

  const moveToCategory = (templates: readonly TemplateListItem[]) => setMoving(templates);
  const [flowsOf, setFlowsOf] = useState<TemplateListItem | null>(null);
  const inCompany = useSession((state) => state.companyId) !== PERSONAL_CONSOLE_ID;

  const removeFromCategory = (templates: readonly TemplateListItem[]) =>
    unfile.mutateAsync(templates.map(({ id }) => id)).then(() => {
      void message.success(t('templateList.unfiled', { count: templates.length }));
      afterChange({ removed: 0 });
    }, unlessShown);

  // A refusal rejects: the dialog keeps it beside the form (MoveToCategoryModal).
  const move = (classifyId: string, categoryName: string) =>
    file.mutateAsync({ classifyId, ids: (moving ?? []).map(({ id }) => id) }).then(() => {
      void message.success(t('templateList.moved', { name: categoryName }));
      setMoving(null);
      afterChange({ removed: 0 });
    });

  return {
    confirmDelete,
    toggleStatus,
    statusPendingId: status.isPending ? status.variables.id : null,
    sharePreview,
    moveToCategory,
    removeFromCategory: (templates) => void removeFromCategory(templates),
    ...(inCompany ? { chooseWorkflows: setFlowsOf } : {}),
    dialogs: (
      <>
        <PreviewLinkModal
          shared={shared}
          onClose={() => setShared(null)}
          onRenew={(template) => sharePreview(template)}
          renewing={ticket.isPending}
        />
        <MoveToCategoryModal templates={moving} onMove={move} onClose={() => setMoving(null)} />
        <TemplateWorkflowsModal template={flowsOf} onClose={() => setFlowsOf(null)} />
      </>
    ),
  };
}
