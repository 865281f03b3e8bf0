/**
 * The second step of initiating from a document: the parties' fields and seals placed on the
 * contract's pages in the template editor. Downloaded when the step first shows: Konva and pdf.js
 * stay out of the form's code.
 */
import type { Locale, TemplateParty } from '@esign/platform';
import {
  TemplateEditor,
  createPage,
  createProject,
  loadPdf,
  parseProject,
  toStoredProject,
  type LoadedPdf,
  type TemplateProject,
} from '@esign/template-editor';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractLaunchQueries } from '../../../api/contractLaunch';
import { failureMessage } from '../../../api/templateEditor';
import { useSession } from '../../../session';
import { withNamedParties, type LaunchPartyValues } from './launchForm';

export interface PlaceOnDocumentProps {
  documentId: string;
  parties: readonly LaunchPartyValues[];
  /** The placed project so far; null until the document's pages are known. */
  project: TemplateProject | null;
  onProjectChange(project: TemplateProject): void;
  locale: Locale;
  /** The initiator's party filling its own fields; absent while fields are placed. */
  filling?: TemplateParty;
}

/** A blank project on the document's pages, for the parties named. */
function projectOf(pdf: LoadedPdf, parties: readonly LaunchPartyValues[]): TemplateProject {
  const [first] = pdf.pages;
  const project = createProject({ width: first!.width, height: first!.height });
  project.pages = pdf.pages.map((size) => createPage(size));
  project.hasSource = true;
  return toStoredProject(parseProject(withNamedParties(project, parties)));
}

/** The editor over the document's PDF (fetched with the session), in design mode. */
export default function PlaceOnDocument({
  documentId,
  parties,
  project,
  onProjectChange,
  locale,
  filling,
}: PlaceOnDocumentProps) {
  const { t } = useTranslation();
  const companyId = useSession((state) => state.companyId);
  const bytes = useQuery(contractLaunchQueries.documentPdf(companyId, documentId));
  const [pdf, setPdf] = useState<LoadedPdf | null>(null);
  const [failure, setFailure] = useState<{ of: ArrayBuffer; text: string } | null>(null);
  const latest = useRef({ parties, project, onProjectChange });
  useEffect(() => {
    latest.current = { parties, project, onProjectChange };
  });

  useEffect(() => {
    if (!bytes.data) return;
    let opened: LoadedPdf | null = null;
    let gone = false;
    const source = bytes.data;
    loadPdf(source).then(
      (loaded) => {
        if (gone) {
          void loaded.destroy();
          return;
        }
        opened = loaded;
        const current = latest.current;
        if (!current.project) current.onProjectChange(projectOf(loaded, current.parties));
        setPdf(loaded);
      },
      (error: unknown) => {
        if (!gone) setFailure({ of: source, text: failureMessage(error) });
      },
    );
    return () => {
      gone = true;
      setPdf(null);
      void opened?.destroy();
    };
  }, [bytes.data]);

  const problem = bytes.isError
    ? failureMessage(bytes.error)
    : failure && failure.of === bytes.data
      ? failure.text
      : null;
  if (problem) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('contractLaunch.documentFailed')}
        description={problem}
        action={
          <Button size="small" onClick={() => void bytes.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (!pdf || !project) {
    return (
      <div role="status" className="launch-loading">
        <Spin /> {t('contractLaunch.loadingDocument')}
      </div>
    );
  }
  return (
    <TemplateEditor
      className="launch-editor"
      value={project}
      onChange={onProjectChange}
      locale={locale}
      mode={filling ? 'fill' : 'design'}
      party={filling}
      pdf={pdf}
    />
  );
}
