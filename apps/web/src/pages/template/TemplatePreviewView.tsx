import type { TemplateParticipant } from '@esign/platform';
import { TemplateEditor, deriveSignList, type TemplateProject } from '@esign/template-editor';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../i18n/locale';
import './template.css';

/** What a read-only view lists beside the pages. */
export type PreviewSection = 'participants' | 'signatures' | 'pages' | 'document';

export interface TemplatePreviewViewProps {
  /** Above the heading: what kind of view this is. */
  kicker?: string;
  heading: string;
  /** Buttons of the header. */
  actions?: ReactNode;
  /** Said before everything else (a template just saved). */
  banner?: ReactNode;
  project: TemplateProject;
  /** The contract's PDF, drawn behind the fields. */
  pdf: string;
  participants: readonly TemplateParticipant[];
  sections: readonly PreviewSection[];
  documentName?: string;
}

/**
 * A template read-only: the editor in preview mode over the contract's PDF, and beside it the
 * sections the view is about (participants, seals and signatures, pages in order, the document).
 * The in-app previews and the public preview share it.
 */
export function TemplatePreviewView(props: TemplatePreviewViewProps) {
  const { i18n } = useTranslation();
  const { kicker, heading, actions, banner, project, pdf, sections } = props;
  return (
    <div className="template-preview">
      <header className="template-workbench-header">
        <div className="template-preview-heading">
          {kicker ? <p className="template-preview-kicker">{kicker}</p> : null}
          <h1 className="template-workbench-title">{heading}</h1>
        </div>
        {actions ? <div className="template-workbench-actions">{actions}</div> : null}
      </header>
      {banner}
      <div className="template-preview-body">
        <TemplateEditor
          className="template-preview-editor"
          defaultValue={project}
          mode="preview"
          locale={localeOf(i18n)}
          pdf={pdf}
        />
        <aside className="template-preview-side">
          {sections.map((section) => (
            <PreviewSectionView key={section} section={section} {...props} />
          ))}
        </aside>
      </div>
    </div>
  );
}

function PreviewSectionView({
  section,
  project,
  participants,
  documentName,
}: TemplatePreviewViewProps & { section: PreviewSection }) {
  const { t } = useTranslation();
  const titleId = `template-preview-${section}`;
  const box = (title: string, content: ReactNode) => (
    <section className="template-preview-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {title}
      </h2>
      {content}
    </section>
  );

  switch (section) {
    case 'participants':
      return box(
        t('templatePreview.participants'),
        <ul className="template-preview-list">
          {participants.map(({ party, name, sign, fill }) => (
            <li key={party}>
              <strong>{t('templateNew.party', { party })}</strong>
              {name ? ` · ${name}` : null}
              <br />
              <span className="template-preview-muted">
                {t(
                  sign && fill
                    ? 'templatePreview.roleBoth'
                    : sign
                      ? 'templatePreview.roleSign'
                      : 'templatePreview.roleFill',
                )}
              </span>
            </li>
          ))}
        </ul>,
      );
    case 'signatures': {
      // Derived from the pages, as the signing service does: never a stale stored list.
      const signList = deriveSignList(project);
      return box(
        t('templatePreview.signatures'),
        signList.length === 0 ? (
          <p className="template-preview-muted">{t('templatePreview.noSignatures')}</p>
        ) : (
          <ul className="template-preview-list">
            {signList.map((entry, index) => (
              <li key={`${entry.elementUuid}-${entry.page}-${index}`}>
                {t(`templatePreview.${entry.kind}`, {
                  party: entry.party,
                  page: entry.page,
                })}
              </li>
            ))}
          </ul>
        ),
      );
    }
    case 'pages':
      return box(
        t('templatePreview.pages'),
        <ol className="template-preview-list">
          {project.pages.map((page, index) => (
            <li key={page.uuid}>
              <strong>{t('templatePreview.page', { number: index + 1 })}</strong>
              <br />
              <span className="template-preview-muted">
                {t('templatePreview.pageSize', {
                  width: Math.round(page.config.width),
                  height: Math.round(page.config.height),
                })}
                {' · '}
                {t('templatePreview.pageFields', { count: page.elements.length })}
              </span>
            </li>
          ))}
        </ol>,
      );
    case 'document':
      return box(
        t('templatePreview.document'),
        <p>
          {t('templatePreview.documentPages', {
            name: documentName ?? '',
            count: project.pages.length,
          })}
        </p>,
      );
  }
}
