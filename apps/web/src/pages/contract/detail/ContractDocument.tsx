import {
  TemplateEditor,
  type TemplateEditorHandle,
  type TemplateProject,
} from '@esign/template-editor';
import { Alert } from 'antd';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../i18n/locale';

/** A seal the document draws in the boxes that name it. */
export interface ShownSeal {
  id: string;
  name: string;
  imageUrl: string;
}

const NO_SEALS: readonly ShownSeal[] = [];

/**
 * The contract's pages read-only: the editor in preview mode with the contract's project over its
 * PDF. The PDF link is taken once (a later read of the detail must not make the editor load the
 * document again).
 */
export function ContractDocument({
  project,
  pdfLink,
  seals = NO_SEALS,
  label,
  id,
  editorRef,
}: {
  project: TemplateProject;
  pdfLink: string | null;
  seals?: readonly ShownSeal[];
  label?: string;
  /** The section's id, for a page to bring it into view. */
  id?: string;
  /** The editor's handle (to show a field with `showField`). */
  editorRef?: Ref<TemplateEditorHandle>;
}) {
  const { t, i18n } = useTranslation();
  const [pdf] = useState(pdfLink);
  return (
    <section
      id={id}
      className="contract-document"
      aria-label={label ?? t('contractDetail.document')}
    >
      {pdf ? null : <Alert type="warning" showIcon title={t('contractDetail.noDocument')} />}
      <TemplateEditor
        ref={editorRef}
        className="contract-document-editor"
        value={project}
        mode="preview"
        locale={localeOf(i18n)}
        pdf={pdf ?? undefined}
        seals={seals}
      />
    </section>
  );
}
