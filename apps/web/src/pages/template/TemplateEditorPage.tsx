import { ArrowLeftOutlined, EyeOutlined, SaveOutlined } from '@ant-design/icons';
import type { TemplateProblem, TemplateStatus } from '@esign/platform';
import { TemplateEditor, validateTemplate, type TemplateProject } from '@esign/template-editor';
import { Alert, App, Button, Space, Spin, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  failureMessage,
  isUnanswered,
  refusalIssues,
  refusalProblems,
  useSaveTemplateProject,
  useSetTemplateStatus,
  type EditorTemplateDetail,
} from '../../api/templateEditor';
import { localeOf } from '../../i18n/locale';
import { useUnsavedWork } from '../../session/unsavedWork';
import { LeaveUnsavedDialog } from './LeaveUnsavedDialog';
import { TEMPLATE_LIST_PATH, previewPath } from './paths';
import { TemplateDetailGate } from './TemplateDetailGate';
import { ProblemList } from './TemplateProblems';
import './template.css';

/** A save or an enable that did not happen, and why. */
interface Failure {
  title: string;
  description: string;
  /** The fields the server refused (template/edit's 400). */
  issues: { path: string; message: string }[];
}

/**
 * A template in the editor: the contract's PDF behind the fields, the participants of the
 * template, saving (the header's one Save button, or Ctrl/Cmd+S), the problems that keep it from
 * being enabled, and enabling it (the primary action only once the checks pass).
 */
function TemplateWorkbench({ detail }: { detail: EditorTemplateDetail }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = detail.id;
  // The project carries the template's parties (saveInfo put the participants in it): the
  // editor's Participants panel shows and changes them, and saving stores them with the fields.
  const [project, setProject] = useState<TemplateProject>(detail.project);
  /** The project as the server has it now: the work is unsaved while the editor's differs. */
  const [stored, setStored] = useState<TemplateProject>(detail.project);
  // The link is taken once: a later read of the detail must not make the editor load it again.
  const [pdf] = useState(detail.pdfLink);
  const [status, setStatus] = useState<TemplateStatus>(detail.status);
  const [problems, setProblems] = useState<TemplateProblem[]>(detail.problems);
  const [failure, setFailure] = useState<Failure | null>(null);
  const saveProject = useSaveTemplateProject(id);
  const changeStatus = useSetTemplateStatus(id);
  const dirty = project !== stored;
  useUnsavedWork(dirty);

  // The editor's Save and Ctrl+S come through a callback made once; they save what is on screen.
  const latest = useRef(project);
  useEffect(() => {
    latest.current = project;
  }, [project]);

  // Ctrl+S held down, or the editor's Save and the header's at once, send one request.
  const inFlight = useRef(false);
  const save = async (): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    const sent = latest.current;
    setFailure(null);
    try {
      const saved = await saveProject.mutateAsync(sent);
      setStored(sent);
      setProblems(saved.problems);
      if (status === 1 && saved.status === 0)
        void message.warning(t('templateEditor.disabledAgain'));
      setStatus(saved.status);
      void message.success(t('templateEditor.saved'));
      return true;
    } catch (error) {
      const issues = refusalIssues(error);
      setFailure({
        title: t('templateEditor.notSaved'),
        description: isUnanswered(error)
          ? t('templateEditor.notSavedOffline')
          : `${failureMessage(error)} ${t(issues.length > 0 ? 'templateEditor.notSavedIssues' : 'templateEditor.notSavedKept')}`,
        issues,
      });
      return false;
    } finally {
      inFlight.current = false;
    }
  };

  const changeTo = async (next: TemplateStatus) => {
    // What is enabled is what the server has: unsaved work is saved first.
    if (next === 1 && dirty && !(await save())) return;
    setFailure(null);
    try {
      await changeStatus.mutateAsync(next);
      setStatus(next);
      if (next === 1) setProblems([]);
      void message.success(t(next === 1 ? 'templateEditor.enabled' : 'templateEditor.disabled'));
    } catch (error) {
      const found = refusalProblems(error);
      if (found.length > 0) setProblems(found);
      setFailure({
        title: t('templateEditor.notEnabled'),
        description: failureMessage(error),
        issues: [],
      });
    }
  };

  // Ctrl/Cmd+S anywhere on the page saves (the editor shows no Save button of its own: the
  // header's is the only one).
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void saveRef.current();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // What would keep the template from being enabled: the server's answer for what it has, the
  // editor's own checks (the same rules) for unsaved work.
  const liveProblems = useMemo(
    () => (dirty ? validateTemplate(project).length : 0),
    [dirty, project],
  );
  const checksFail = dirty ? liveProblems > 0 : problems.length > 0;

  const saving = saveProject.isPending;
  const changing = changeStatus.isPending;
  const busy = saving
    ? t('templateEditor.saving')
    : changing
      ? t('templateEditor.changingStatus')
      : null;
  return (
    <div className="template-workbench">
      <header className="template-workbench-header">
        <Button
          icon={<ArrowLeftOutlined aria-hidden />}
          onClick={() => navigate(TEMPLATE_LIST_PATH)}
        >
          {t('templateEditor.backToList')}
        </Button>
        <h1 className="template-workbench-title">{detail.name}</h1>
        <Tag color={status === 1 ? 'green' : 'default'}>
          {t(status === 1 ? 'templateEditor.statusEnabled' : 'templateEditor.statusDisabled')}
        </Tag>
        {dirty ? <Tag color="orange">{t('templateEditor.unsaved')}</Tag> : null}
        <Space className="template-workbench-actions" wrap>
          {/* Busy buttons are disabled beside a spinner that says why, rather than given antd's
              loading icon, whose name ("loading") can linger in the buttons' accessible names. */}
          {busy ? (
            <span role="status" className="template-saving">
              <Spin size="small" /> {busy}
            </span>
          ) : null}
          <Button icon={<EyeOutlined aria-hidden />} onClick={() => navigate(previewPath(id))}>
            {t('templateEditor.preview')}
          </Button>
          <Button icon={<SaveOutlined aria-hidden />} disabled={saving} onClick={() => void save()}>
            {t('templateEditor.save')}
          </Button>
          {status === 1 ? (
            <Button key="disable" disabled={changing} onClick={() => void changeTo(0)}>
              {t('templateEditor.disable')}
            </Button>
          ) : (
            <Button
              key="enable"
              type={checksFail ? 'default' : 'primary'}
              disabled={changing || saving}
              onClick={() => void changeTo(1)}
            >
              {t('templateEditor.enable')}
            </Button>
          )}
        </Space>
      </header>
      {failure ? (
        <Alert
          className="template-workbench-notice"
          type="error"
          showIcon
          closable
          onClose={() => setFailure(null)}
          title={failure.title}
          description={
            <>
              <p className="template-notice-text">{failure.description}</p>
              {failure.issues.length > 0 ? (
                <ul className="template-notice-list">
                  {failure.issues.map((issue, index) => (
                    <li key={index}>
                      {issue.path ? <code>{issue.path}</code> : null} {issue.message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          }
        />
      ) : null}
      {problems.length > 0 ? (
        <Alert
          className="template-workbench-notice"
          type="warning"
          showIcon
          title={t('templateEditor.problemsTitle')}
          description={<ProblemList problems={problems} />}
        />
      ) : null}
      <TemplateEditor
        className="template-workbench-editor"
        value={project}
        onChange={setProject}
        locale={localeOf(i18n)}
        mode="design"
        pdf={pdf}
        // No call gives the company's seals yet (the seal calls of spec 001 §7 are not built):
        // the editor gets none, and its seal fields say the seal is chosen when signing.
      />
      <LeaveUnsavedDialog when={dirty} />
    </div>
  );
}

/** /template/Editor?id=: the template's editor. */
export default function TemplateEditorPage() {
  return (
    <TemplateDetailGate>
      {(detail) => <TemplateWorkbench key={detail.id} detail={detail} />}
    </TemplateDetailGate>
  );
}
