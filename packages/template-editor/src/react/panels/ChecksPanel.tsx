import { useId, useMemo } from 'react';
import { templateWarnings, validateTemplate, type TemplateCheck } from '../../core';
import { useEditor, useProjectState } from '../context';
import { Icon } from '../icons';

/** At most this many problems are listed; the rest are counted. */
const MAX_SHOWN = 100;

/**
 * What to fix before the template is used (`validateTemplate`), then what may deserve a look but
 * does not stop the template (`templateWarnings`, e.g. a seal copy placed on its own). A problem or
 * warning about fields is a button: it selects them and scrolls to their page.
 */
export function ChecksPanel() {
  const { t, store, view } = useEditor();
  const project = useProjectState((s) => s.project);
  const checks = useMemo(() => validateTemplate(project), [project]);
  const warnings = useMemo(() => templateWarnings(project), [project]);
  const headingId = useId();
  const warningsId = useId();

  const show = (check: TemplateCheck) => {
    const state = store.getState();
    state.select(check.elementUuids);
    let page = check.page !== undefined ? check.page - 1 : -1;
    if (page < 0 && check.elementUuids.length > 0) {
      const first = check.elementUuids[0];
      page = state.project.pages.findIndex((p) => p.elements.some((e) => e.uuid === first));
    }
    if (page >= 0) view.getState().scrollToPage(page);
  };

  const shown = checks.slice(0, MAX_SHOWN);
  return (
    <section className="esign-te__panel esign-te__checks" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t('checks.title')}{' '}
        {checks.length > 0 ? <span className="esign-te__count">{checks.length}</span> : null}
      </h2>
      {checks.length === 0 ? (
        <p className="esign-te__ok" role="status">
          <Icon name="ok" />
          {t('checks.ok')}
        </p>
      ) : (
        <>
          <p className="esign-te__visually-hidden" role="status">
            {t('checks.count', { count: checks.length })}
          </p>
          <CheckList checks={shown} onShow={show} />
          {checks.length > shown.length ? (
            <p className="esign-te__hint">
              {t('editor.more', { count: checks.length - shown.length })}
            </p>
          ) : null}
        </>
      )}
      {warnings.length > 0 ? (
        <>
          <h3 id={warningsId} className="esign-te__warnings-title">
            {t('checks.warnings')} <span className="esign-te__count">{warnings.length}</span>
          </h3>
          <p className="esign-te__visually-hidden" role="status">
            {t('checks.warningsCount', { count: warnings.length })}
          </p>
          <CheckList
            checks={warnings.slice(0, MAX_SHOWN)}
            onShow={show}
            level="warning"
            labelledBy={warningsId}
          />
        </>
      ) : null}
    </section>
  );
}

/** The problems or the warnings, each about fields a button that shows them. */
function CheckList({
  checks,
  onShow,
  level = 'problem',
  labelledBy,
}: {
  checks: readonly TemplateCheck[];
  onShow(check: TemplateCheck): void;
  level?: 'problem' | 'warning';
  labelledBy?: string;
}) {
  const { t, locale } = useEditor();
  return (
    <ul
      className="esign-te__list esign-te__check-list"
      data-level={level}
      aria-labelledby={labelledBy}
    >
      {checks.map((check, index) => {
        const content = (
          <>
            <Icon name="warning" />
            <span className="esign-te__check-text">
              {check.message[locale]}
              {check.page !== undefined ? (
                <span className="esign-te__check-page">
                  {t('checks.page', { page: check.page })}
                </span>
              ) : null}
            </span>
          </>
        );
        return (
          <li key={`${check.code}-${index}`} data-code={check.code}>
            {check.elementUuids.length > 0 ? (
              <button type="button" className="esign-te__check-item" onClick={() => onShow(check)}>
                {content}
              </button>
            ) : (
              <div className="esign-te__check-item">{content}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
