import { InboxOutlined } from '@ant-design/icons';
import { message as platformMessage, type ContractDocument } from '@esign/platform';
import { Alert, Progress, Spin, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createContractDocument,
  failureMessage,
  uploadContractFile,
  useContractDocument,
} from '../../api/templateEditor';
import { currentLocale } from '../../i18n';
import { CONTRACT_FILE_ACCEPT, contractFileProblem } from './contractFile';

/** Where the chosen file is on its way to a ready contract document. */
type Phase =
  | { step: 'idle' }
  | { step: 'checking'; name: string }
  /** Refused in the browser, never sent. */
  | { step: 'refused'; reason: string }
  | { step: 'uploading'; name: string; share: number }
  | { step: 'uploadFailed'; name: string; reason: string }
  /** Uploaded: document/create answered; a DOC or DOCX converts from here. */
  | { step: 'document'; created: ContractDocument };

export interface ContractDocumentFieldProps {
  /** Given by the form item: the label points at the file input. */
  id?: string;
  /** The document as last known; undefined until one is made. */
  value?: ContractDocument;
  onChange?(document: ContractDocument | undefined): void;
  /**
   * Told whether a chosen file is still on its way to a document (checked, then uploaded): the
   * form may then wait for it rather than say that no file was chosen.
   */
  onUploadingChange?(uploading: boolean): void;
}

/**
 * The contract document of a new template: a PDF, DOC or DOCX checked in the browser, uploaded
 * with a progress bar, then followed while the server converts a Word document (its place in the
 * queue, then the seconds it takes). A failed conversion says why and takes another file.
 */
export function ContractDocumentField({
  id,
  onChange,
  onUploadingChange,
}: ContractDocumentFieldProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  /** The pick under way: a newer pick aborts it and its late answers are dropped. */
  const pick = useRef<AbortController | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const created = phase.step === 'document' ? phase.created : null;
  const followed = useContractDocument(created);
  const document = created ? (followed.data ?? created) : undefined;
  useEffect(() => {
    onChangeRef.current?.(document);
  }, [document]);
  useEffect(() => () => pick.current?.abort(), []);
  const uploading = phase.step === 'checking' || phase.step === 'uploading';
  const onUploadingRef = useRef(onUploadingChange);
  useEffect(() => {
    onUploadingRef.current = onUploadingChange;
  }, [onUploadingChange]);
  useEffect(() => {
    onUploadingRef.current?.(uploading);
  }, [uploading]);

  const start = async (file: File) => {
    pick.current?.abort();
    const controller = new AbortController();
    pick.current = controller;
    const current = () => pick.current === controller;
    const name = file.name;
    setPhase({ step: 'checking', name });
    const problem = await contractFileProblem(file);
    if (!current()) return;
    if (problem) {
      setPhase({ step: 'refused', reason: platformMessage(problem, currentLocale()) });
      return;
    }
    setPhase({ step: 'uploading', name, share: 0 });
    try {
      const uploaded = await uploadContractFile(file, {
        signal: controller.signal,
        onProgress: (share) => {
          if (current()) setPhase({ step: 'uploading', name, share });
        },
      });
      const made = await createContractDocument(uploaded.id);
      if (current()) setPhase({ step: 'document', created: made });
    } catch (error) {
      if (current()) setPhase({ step: 'uploadFailed', name, reason: failureMessage(error) });
    }
  };

  return (
    <div className="contract-document">
      <Upload.Dragger
        id={id}
        accept={CONTRACT_FILE_ACCEPT}
        multiple={false}
        showUploadList={false}
        beforeUpload={(file) => {
          void start(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{t('templateNew.drop')}</p>
        <p className="ant-upload-hint">{t('templateNew.dropHint')}</p>
      </Upload.Dragger>
      <PhaseStatus phase={phase} document={document} unreadable={followed.isError} />
    </div>
  );
}

/** What the field says under the drop area about the file chosen. */
function PhaseStatus({
  phase,
  document,
  unreadable,
}: {
  phase: Phase;
  document: ContractDocument | undefined;
  unreadable: boolean;
}) {
  const { t } = useTranslation();
  switch (phase.step) {
    case 'idle':
      return null;
    case 'checking':
      return (
        <div className="contract-document-status" role="status">
          <Spin size="small" /> {t('templateNew.checking', { name: phase.name })}
        </div>
      );
    case 'refused':
      return (
        <Alert className="contract-document-status" type="error" showIcon title={phase.reason} />
      );
    case 'uploading': {
      const percent = Math.round(phase.share * 100);
      return (
        <div className="contract-document-status" role="status">
          <p>{t('templateNew.uploading', { name: phase.name })}</p>
          <Progress
            percent={percent}
            status="active"
            aria-label={t('templateNew.uploadProgress', { name: phase.name })}
          />
        </div>
      );
    }
    case 'uploadFailed':
      return (
        <Alert
          className="contract-document-status"
          type="error"
          showIcon
          title={t('templateNew.uploadFailed')}
          description={<TwoLines first={phase.reason} second={t('templateNew.chooseAnother')} />}
        />
      );
    case 'document':
      return document ? <DocumentStatus document={document} unreadable={unreadable} /> : null;
  }
}

/** A document made of the upload: converting (queued, then running), ready or failed. */
function DocumentStatus({
  document,
  unreadable,
}: {
  document: ContractDocument;
  unreadable: boolean;
}) {
  const { t } = useTranslation();
  const { name } = document;
  if (document.status === 'failed') {
    return (
      <Alert
        className="contract-document-status"
        type="error"
        showIcon
        title={t('templateNew.failed', { name })}
        description={<TwoLines first={document.error} second={t('templateNew.chooseAnother')} />}
      />
    );
  }
  if (document.status === 'ready') {
    return (
      <>
        <Alert
          className="contract-document-status"
          type="success"
          showIcon
          title={t('templateNew.ready', { name, count: document.pageCount ?? 0 })}
        />
        <RemovedContentNotice document={document} />
      </>
    );
  }
  const conversion = document.conversion;
  const running = conversion?.state === 'running';
  return (
    <div className="contract-document-status" role="status">
      <div className="contract-document-line">{t('templateNew.uploaded', { name })}</div>
      <Progress
        percent={100}
        showInfo={false}
        aria-label={t('templateNew.uploadProgress', { name })}
      />
      <div className="contract-document-line">
        <Spin size="small" />{' '}
        {running
          ? t('templateNew.converting', { seconds: conversion.elapsedSeconds })
          : t('templateNew.queued', { count: conversion?.queuePosition ?? 0 })}
        {conversion && conversion.attempt > 1
          ? ` · ${t('templateNew.attempt', { attempt: conversion.attempt, max: conversion.maxAttempts })}`
          : null}
      </div>
      {/* How long a conversion takes nobody knows: an indeterminate bar, no made-up figure. */}
      <progress
        className="contract-document-conversion"
        aria-label={t('templateNew.conversionProgress', { name })}
      />
      {unreadable ? (
        <p className="contract-document-note">{t('templateNew.statusUnreadable')}</p>
      ) : null}
    </div>
  );
}

/**
 * What the server took out of the document's PDF (scripts, attachments, links to files…), so
 * that the author knows the pages the parties sign are the ones shown, and nothing more.
 */
function RemovedContentNotice({ document }: { document: ContractDocument }) {
  const { t } = useTranslation();
  if (document.removedContent.length === 0) return null;
  return (
    <Alert
      className="contract-document-status"
      type="warning"
      showIcon
      title={t('templateNew.removedTitle', { name: document.name })}
      description={
        <>
          <div>{t('templateNew.removedIntro')}</div>
          <ul className="contract-document-removed">
            {document.removedContent.map((kind) => (
              <li key={kind}>{t(`templateNew.removed.${kind}`)}</li>
            ))}
          </ul>
        </>
      }
    />
  );
}

/** An alert's explanation: what happened, then what to do. */
function TwoLines({ first, second }: { first: string | null; second: string }) {
  return (
    <>
      {first ? <div>{first}</div> : null}
      <div>{second}</div>
    </>
  );
}
