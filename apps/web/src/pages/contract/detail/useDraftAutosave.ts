import type { TemplateParty } from '@esign/platform';
import { fillValues, type TemplateProject } from '@esign/template-editor/core';
import { useEffect, useRef, useState } from 'react';
import { saveFillDraft } from '../../../api/contractActions';

/** How long after the last change the draft is kept, and how long before a failed save is tried again. */
export const DRAFT_DELAY_MS = 800;
export const DRAFT_RETRY_MS = 5_000;

export type DraftStatus =
  | { state: 'idle'; savedAt: string | null }
  | { state: 'saving'; savedAt: string | null }
  | { state: 'saved'; savedAt: string }
  | { state: 'failed'; savedAt: string | null };

/**
 * Keeps what the party fills in as it goes (contract/saveDraft), a moment after each change, so
 * that a signer who leaves halfway finds it again; a failed save is tried again. `pending` says
 * whether the screen holds changes not kept yet (leaving then asks first).
 */
export function useDraftAutosave({
  id,
  party,
  project,
  initial,
  savedAt,
  enabled,
}: {
  id: string;
  party: TemplateParty;
  project: TemplateProject;
  /** The project as the screen opened it (with the draft it found). */
  initial: TemplateProject;
  /** When the draft the screen opened with was kept. */
  savedAt: string | null;
  enabled: boolean;
}): { status: DraftStatus; pending: boolean } {
  const [kept, setKept] = useState<TemplateProject>(initial);
  const [status, setStatus] = useState<DraftStatus>({ state: 'idle', savedAt });
  const [retry, setRetry] = useState(0);
  const saving = useRef(false);

  useEffect(() => {
    if (!enabled || project === kept || saving.current) return;
    const timer = window.setTimeout(
      () => {
        saving.current = true;
        setStatus((previous) => ({ state: 'saving', savedAt: previous.savedAt }));
        saveFillDraft({ id, party, values: fillValues(project, party) })
          .then((saved) => {
            setKept(project);
            setStatus({ state: 'saved', savedAt: saved.savedAt });
          })
          .catch(() => {
            setStatus((previous) => ({ state: 'failed', savedAt: previous.savedAt }));
            window.setTimeout(() => setRetry((count) => count + 1), DRAFT_RETRY_MS);
          })
          .finally(() => {
            saving.current = false;
          });
      },
      status.state === 'failed' ? 0 : DRAFT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
    // `status` only picks the delay; a new status must not start another save.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, id, party, project, kept, retry]);

  return { status, pending: enabled && project !== kept };
}
