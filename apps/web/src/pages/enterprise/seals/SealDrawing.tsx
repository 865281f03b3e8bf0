import {
  COMPANY_SEAL_TYPES,
  SEAL_COLOURS,
  SEAL_NAME_MAX,
  SEAL_TEXT_MAX,
  check,
  companySealCreateBody,
  companySealPreviewBody,
  type CompanySealPreviewBody,
  type CompanySealType,
  type SealColour,
} from '@esign/platform';
import { Form, Input, Radio, Spin, Switch, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchCompanySealPreview } from '../../../api/companySeals';
import { useBlobUrl } from '../../../api/useBlobUrl';
import { schemaRule } from '../../../forms/rules';
import { sealTypeName } from './SealParts';
import { useSealConsole } from './useSealConsole';

/** What a template seal is drawn from, as the forms hold it. */
export interface SealDrawingValues {
  type: CompanySealType;
  colour: SealColour;
  horizontalText: string;
  belowText: string;
  aged: boolean;
}

/** How long the preview waits after the last keystroke before asking the server to draw. */
const PREVIEW_DELAY_MS = 300;

/** The types a seal-add form offers: the legal representative's seal has its own page. */
const FORM_TYPES = COMPANY_SEAL_TYPES.filter((type) => type !== 'legal');

/** `value`, once it has stayed the same for `delay` ms. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), delay);
    return () => clearTimeout(timer);
  }, [key, delay]);
  return settled;
}

/** The drawing fields of a form as the preview call's body (texts trimmed, defaults filled). */
export function drawingOf(values: Partial<SealDrawingValues>, type: CompanySealType) {
  return {
    type,
    colour: values.colour ?? 'red',
    horizontalText: (values.horizontalText ?? '').trim(),
    belowText: (values.belowText ?? '').trim(),
    aged: values.aged ?? false,
  } satisfies CompanySealPreviewBody;
}

/** The seal's name: required, at most `SEAL_NAME_MAX` characters, the server's messages. */
export function SealNameField() {
  const { t } = useTranslation();
  const { locale } = useSealConsole();
  return (
    <Form.Item
      name="name"
      label={t('companySealPage.form.name')}
      required
      rules={[schemaRule(companySealCreateBody.shape.name, locale)]}
    >
      <Input
        maxLength={SEAL_NAME_MAX}
        showCount
        placeholder={t('companySealPage.form.namePlaceholder')}
        autoComplete="off"
      />
    </Form.Item>
  );
}

/**
 * The fields a template seal is drawn from: its type (unless fixed, as the legal representative's
 * is), colour, the texts across and below (not on a legal representative's name seal) and the
 * aged look. `drawn` false keeps only the type: an uploaded or handwritten seal has no template.
 */
export function SealDrawingFields({ legal, drawn }: { legal: boolean; drawn: boolean }) {
  const { t } = useTranslation();
  const { locale } = useSealConsole();
  return (
    <>
      {!legal && (
        <Form.Item name="type" label={t('companySealPage.form.type')}>
          <Radio.Group
            optionType="button"
            className="company-seal-choices"
            options={FORM_TYPES.map((type) => ({ value: type, label: sealTypeName(type, locale) }))}
          />
        </Form.Item>
      )}
      {drawn && (
        <>
          <Form.Item name="colour" label={t('companySealPage.form.colour')}>
            <Radio.Group
              optionType="button"
              options={SEAL_COLOURS.map((colour) => ({
                value: colour,
                label: (
                  <span className="company-seal-colour">
                    <span className={`company-seal-swatch company-seal-swatch-${colour}`} />
                    {t(`companySealPage.colour.${colour}`)}
                  </span>
                ),
              }))}
            />
          </Form.Item>
          {!legal && (
            <>
              <Form.Item
                name="horizontalText"
                label={t('companySealPage.form.horizontalText')}
                extra={t('companySealPage.form.horizontalTextHint')}
              >
                <Input maxLength={SEAL_TEXT_MAX} autoComplete="off" />
              </Form.Item>
              <Form.Item
                name="belowText"
                label={t('companySealPage.form.belowText')}
                extra={t('companySealPage.form.belowTextHint')}
              >
                <Input maxLength={SEAL_TEXT_MAX} autoComplete="off" />
              </Form.Item>
            </>
          )}
          <Form.Item
            name="aged"
            label={t('companySealPage.form.aged')}
            extra={t('companySealPage.form.agedHint')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </>
      )}
    </>
  );
}

/**
 * How the template will stamp: the server draws the PNG from the fields, asked again 300 ms after
 * the last change (not on every keystroke). A drawing the platform's rules refuse (a text too
 * long) is not asked for.
 */
export function TemplatePreview({ drawing }: { drawing: CompanySealPreviewBody }) {
  const { t } = useTranslation();
  const { locale } = useSealConsole();
  const settled = useSettled(drawing, PREVIEW_DELAY_MS);
  const valid = check(companySealPreviewBody, settled, locale).ok;
  const { url, failed } = useBlobUrl(valid ? JSON.stringify(settled) : null, (signal) =>
    fetchCompanySealPreview(settled, signal),
  );
  return (
    <SealPreviewFrame>
      {url ? (
        <img src={url} alt={t('companySealPage.form.preview')} />
      ) : failed || !valid ? (
        <Typography.Text type="secondary">
          {t('companySealPage.form.previewFailed')}
        </Typography.Text>
      ) : (
        <Spin />
      )}
    </SealPreviewFrame>
  );
}

/** The preview's frame: its title and the note that this is how the seal will be stamped. */
export function SealPreviewFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <figure className="company-seal-preview" aria-label={t('companySealPage.form.preview')}>
      <div className="company-seal-preview-image">{children}</div>
      <figcaption>
        <strong>{t('companySealPage.form.preview')}</strong>
        <Typography.Text type="secondary">{t('companySealPage.form.previewHint')}</Typography.Text>
      </figcaption>
    </figure>
  );
}
