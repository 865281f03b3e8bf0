import { message, pinSchema } from '@esign/platform';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checkKeyProof, fetchLoginRandom, loginByKey } from '../../api/hardwareKeys';
import { useSubmit } from '../../forms/useSubmit';
import { localeOf } from '../../i18n/locale';
import { Field, describedBy, invalid } from '../../lite/Field';
import { schemaCheck } from '../../lite/rules';
import type { KeyProblem } from '../../keys/agent';
import type { SoftwareKeyFile } from '../../keys/softwareKey';
import { AccountForm, PasswordField, SubmitButton, errorOf } from './liteFields';
import { useFinishSignIn } from './useFinishSignIn';

interface KeyLogin {
  file: FileList | null;
  pin: string;
}

const FORM_ID = 'key-login';
const FILE_ID = `${FORM_ID}_file`;

/** The key's code (SM2, key files) comes with the first use of a key, not with the login page. */
const loadKeys = () => Promise.all([import('../../keys/softwareKey'), import('../../keys/agent')]);

/**
 * Logging in with a hardware key: the software key's file and its PIN. The PIN opens the key in
 * this browser (a wrong one is said at once and nothing is sent); the key signs a one-time random
 * of the platform, which oauth/original checks before the `hardware_key` grant logs in.
 */
export function HardwareKeyLogin() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const form = useForm<KeyLogin>({ mode: 'onBlur', defaultValues: { file: null, pin: '' } });
  const finish = useFinishSignIn();
  const [keyFile, setKeyFile] = useState<SoftwareKeyFile | null>(null);

  const problemText = (problem: KeyProblem): string =>
    problem === 'noCertificate'
      ? message('keyNoCertificate', locale)
      : t(
          problem === 'wrongPin'
            ? 'login.keyWrongPin'
            : problem === 'unsupported'
              ? 'login.keyUnsupported'
              : 'login.keyFileInvalid',
        );

  const readFile = async (files: FileList | null) => {
    setKeyFile(null);
    const chosen = files?.[0];
    if (!chosen) return;
    const [{ readSoftwareKeyFile }, { KeyError }] = await loadKeys();
    try {
      setKeyFile(readSoftwareKeyFile(await chosen.text()));
      form.clearErrors('file');
    } catch (error) {
      if (!(error instanceof KeyError)) throw error;
      form.setError('file', { message: problemText(error.problem) });
    }
  };

  const { submit, pending, refusal } = useSubmit(async ({ pin }: KeyLogin) => {
    if (!keyFile) {
      form.setError('file', { message: t('login.keyFileRequired') });
      return;
    }
    const [{ softwareKeyAgent }, { KeyError }] = await loadKeys();
    const agent = softwareKeyAgent(keyFile);
    let signer;
    try {
      const [certificate] = await agent.certificates();
      if (!certificate) throw new KeyError('noCertificate');
      signer = await agent.unlock(certificate.fingerprint, pin);
    } catch (error) {
      if (!(error instanceof KeyError)) throw error;
      form.setError(error.problem === 'wrongPin' ? 'pin' : 'file', {
        message: problemText(error.problem),
      });
      if (error.problem === 'wrongPin') form.setFocus('pin');
      return;
    }
    const { random } = await fetchLoginRandom();
    const proof = {
      random,
      signature: await signer.sign(random),
      fingerprint: signer.certificate.fingerprint,
    };
    await checkKeyProof(proof);
    await finish(await loginByKey(proof));
  });

  const fileError = errorOf(form.formState.errors, 'file');
  const chosen = keyFile
    ? t('login.keyChosen', {
        name: keyFile.name,
        date: keyFile.certificate.notAfter.slice(0, 10),
      })
    : t('login.keyFileHint');
  const fileInput = form.register('file', {
    validate: (files) => (files && files.length > 0) || t('login.keyFileRequired'),
  });
  return (
    <div className="key-login">
      <p>{t('login.keyIntro')}</p>
      <AccountForm form={form} id={FORM_ID} onSubmit={submit}>
        <Field id={FILE_ID} label={t('login.keyFile')} error={fileError} extra={chosen}>
          <input
            id={FILE_ID}
            type="file"
            accept=".esignkey,application/json"
            className="key-file-input"
            aria-invalid={invalid(fileError)}
            aria-describedby={describedBy(FILE_ID, fileError, chosen)}
            {...fileInput}
            onChange={async (event) => {
              await fileInput.onChange(event);
              await readFile(event.target.files);
            }}
          />
        </Field>
        <PasswordField
          formId={FORM_ID}
          name="pin"
          label={t('login.keyPinLabel')}
          autoComplete="current-password"
          placeholder={t('login.keyPinPlaceholder')}
          validate={schemaCheck(pinSchema, locale)}
        />
        <SubmitButton pending={pending} refusal={refusal}>
          {t('login.keySubmit')}
        </SubmitButton>
      </AccountForm>
      <p className="form-aside key-vendor">{t('login.keyVendor')}</p>
    </div>
  );
}
