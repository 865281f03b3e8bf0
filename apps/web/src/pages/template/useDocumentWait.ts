import { message, type ContractDocument, type Locale, type MessageKey } from '@esign/platform';
import { Form, type FormInstance, type FormRule } from 'antd';
import { useEffect, useState } from 'react';

/**
 * "Next" pressed while the form's contract document (its `document` field, a
 * `ContractDocumentField`) still uploads or converts: the page waits rather than refuses, and goes
 * on by itself — `form.submit()` once the document is ready; a failure or another file stops the
 * wait and shows the field's own message. Used by the new template and the direct launch.
 *
 * The effect reads the form's store (`form.getFieldValue('document')`), not the watched value: the
 * field reports "uploaded" and its document in one go, but the watched value may follow a render
 * later, when it would read as no file (that stopped the wait with "no file" once).
 */
export function useDocumentWait(
  form: FormInstance,
  locale: Locale,
  /** The message when no file is chosen. */
  missing: MessageKey,
) {
  /** "Next" was pressed while the document uploaded or converted: the form goes on once ready. */
  const [waiting, setWaiting] = useState(false);
  const [uploading, setUploading] = useState(false);
  const documentStatus = (Form.useWatch('document', form) as ContractDocument | undefined)?.status;

  useEffect(() => {
    const status = (form.getFieldValue('document') as ContractDocument | undefined)?.status;
    if (!waiting || uploading || status === 'converting') return;
    // The wait ends on what the document field reported; going on follows from it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setWaiting(false);
    if (status === 'ready') form.submit();
    else void form.validateFields(['document']).catch(() => undefined);
  }, [waiting, uploading, documentStatus, form]);

  /** The document field's rule: a document on its way is waited for, not refused. */
  const documentRule: FormRule = {
    validator: async (_rule, value: ContractDocument | undefined) => {
      if (!value && uploading) return;
      if (!value) throw new Error(message(missing, locale));
      if (value.status === 'failed')
        throw new Error(value.error ?? message('conversionFailed', locale));
    },
  };

  return {
    waiting,
    /** The document field's `onUploadingChange`. */
    setUploading,
    /** The document is converted: the next step's code may download meanwhile. */
    ready: documentStatus === 'ready',
    documentRule,
    /**
     * Whether the document is not there yet (uploading, converting, none while uploading): the
     * page then waits, and goes on by itself once it is.
     */
    waitForDocument(): boolean {
      const chosen = form.getFieldValue('document') as ContractDocument | undefined;
      if (uploading || !chosen || chosen.status === 'converting') {
        setWaiting(true);
        return true;
      }
      return false;
    },
    stopWaiting: () => setWaiting(false),
  };
}
