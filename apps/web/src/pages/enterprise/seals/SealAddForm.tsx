import { UploadOutlined } from '@ant-design/icons';
import {
  COMPANY_SEAL_TYPE_NAMES,
  SEAL_MAKE_WAYS,
  message as platformMessage,
  type CompanySealType,
  type SealMakeWay,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form, Radio, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { companyInfoQueries } from '../../../api/companyInfo';
import { createCompanySeal, useCompanySealMutation } from '../../../api/companySeals';
import { SignaturePad } from '../../seals/SignaturePad';
import { chosenSealFileRefusal } from '../../seals/sealFile';
import { sealViewPath } from './SealActions';
import {
  SealDrawingFields,
  SealNameField,
  SealPreviewFrame,
  TemplatePreview,
  drawingOf,
  type SealDrawingValues,
} from './SealDrawing';
import { unlessShown, useSealConsole } from './useSealConsole';
import './companySeals.css';

interface SealAddValues extends SealDrawingValues {
  name: string;
  makeWay: SealMakeWay;
}

/** A chosen or drawn picture: what is sent (base64, no data: prefix) and what is shown. */
interface SealPicture {
  base64: string;
  url: string;
}

/** A file's bytes as base64, as the create call takes an image. */
function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });
}

/** The picture's object URL, released when it is replaced or the form goes. */
function usePicture() {
  const [picture, setPicture] = useState<SealPicture | null>(null);
  useEffect(() => {
    if (!picture) return;
    return () => URL.revokeObjectURL(picture.url);
  }, [picture]);
  return [picture, setPicture] as const;
}

/**
 * The seal-add form (spec 001 §5 Seal): name, make way (template, upload, handwrite), type, colour,
 * texts and aged look, with beside it how the seal will be stamped. `legal` fixes the type to the
 * legal representative's square name seal. Saving makes the seal and opens it; the answer's status
 * says whether it waits for the administrator's approval.
 */
export function SealAddForm({ legal }: { legal: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { companyId, companyName, locale, may } = useSealConsole();
  const [form] = Form.useForm<SealAddValues>();
  const create = useCompanySealMutation(companyId, createCompanySeal);
  const info = useQuery({ ...companyInfoQueries.info(companyId), enabled: may('company:view') });
  const [picture, setPicture] = usePicture();
  const [pictureError, setPictureError] = useState('');
  const makeWay = Form.useWatch('makeWay', form) ?? 'template';
  const watched = Form.useWatch([], form) as Partial<SealAddValues> | undefined;
  const type: CompanySealType = legal ? 'legal' : (watched?.type ?? 'contract');
  const drawing = drawingOf(watched ?? {}, type);

  const choose = async (file: File) => {
    const refusal = await chosenSealFileRefusal(file);
    if (refusal) {
      setPictureError(platformMessage(refusal, locale));
      return;
    }
    setPictureError('');
    setPicture({ base64: await base64Of(file), url: URL.createObjectURL(file) });
  };

  const drawn = async (png: Blob | null) => {
    setPictureError('');
    setPicture(png ? { base64: await base64Of(png), url: URL.createObjectURL(png) } : null);
  };

  const save = (values: SealAddValues) =>
    unlessShown(async () => {
      const withPicture = values.makeWay !== 'template';
      if (withPicture && !picture) {
        setPictureError(platformMessage('sealImageRequired', locale));
        return;
      }
      const made = await create.mutateAsync({
        name: values.name.trim(),
        makeWay: values.makeWay,
        ...drawingOf(values, type),
        ...(withPicture && picture ? { image: picture.base64 } : {}),
      });
      void message.success(
        t(
          made.status === 'pending'
            ? 'companySealPage.form.submitted'
            : 'companySealPage.form.created',
        ),
      );
      void navigate(sealViewPath(made.id));
    });

  const legalName = info.data?.legal?.name;
  return (
    <div className="page company-seal-page">
      <header className="page-header">
        <h1 className="page-title">
          {t(legal ? 'companySealPage.form.addLegalTitle' : 'companySealPage.form.addTitle')}
        </h1>
        <p className="page-subtitle">{t('companySealPage.form.addIntro')}</p>
      </header>
      {legal && (
        <Alert
          className="company-seal-legal-note"
          type="info"
          showIcon
          title={
            legalName
              ? t('companySealPage.form.legalIntro', { name: legalName })
              : t('companySealPage.form.legalIntroUnknown')
          }
        />
      )}
      <div className="company-seal-form-layout">
        <Form<SealAddValues>
          form={form}
          layout="vertical"
          className="company-seal-form"
          initialValues={{
            name: legal ? COMPANY_SEAL_TYPE_NAMES.legal[locale] : '',
            makeWay: 'template',
            type: 'contract',
            colour: 'red',
            horizontalText: '',
            belowText: '',
            aged: false,
          }}
          onFinish={save}
        >
          <SealNameField />
          <Form.Item name="makeWay" label={t('companySealPage.form.makeWay')}>
            <Radio.Group
              optionType="button"
              onChange={() => {
                setPicture(null);
                setPictureError('');
              }}
              options={SEAL_MAKE_WAYS.map((way) => ({
                value: way,
                label: t(`companySealPage.makeWay.${way}`),
              }))}
            />
          </Form.Item>
          <SealDrawingFields legal={legal} drawn={makeWay === 'template'} />
          {makeWay === 'upload' && (
            <Form.Item
              label={t('companySealPage.form.image')}
              extra={t('companySealPage.form.imageHint')}
              validateStatus={pictureError ? 'error' : undefined}
              help={pictureError || undefined}
              required
            >
              <Upload
                accept="image/png,image/jpeg"
                showUploadList={false}
                maxCount={1}
                beforeUpload={(file) => {
                  void choose(file);
                  return Upload.LIST_IGNORE;
                }}
              >
                <Button icon={<UploadOutlined aria-hidden />}>
                  {t('companySealPage.form.chooseImage')}
                </Button>
              </Upload>
            </Form.Item>
          )}
          {makeWay === 'handwrite' && (
            <Form.Item
              label={t('companySealPage.form.draw')}
              validateStatus={pictureError ? 'error' : undefined}
              help={pictureError || undefined}
              required
            >
              <SignaturePad
                height={260}
                label={t('companySealPage.form.draw')}
                onChange={(png) => void drawn(png)}
              />
            </Form.Item>
          )}
          {makeWay === 'template' && !legal && (
            <Typography.Paragraph type="secondary">
              {t('companySealPage.form.companyText', { company: companyName })}
            </Typography.Paragraph>
          )}
          <div className="company-seal-form-buttons">
            <Button type="primary" htmlType="submit" loading={create.isPending}>
              {t('companySealPage.form.save')}
            </Button>
            <Button onClick={() => void navigate('/enterprise-console/seal')}>
              {t('companySealPage.form.cancel')}
            </Button>
          </div>
        </Form>
        <aside className="company-seal-form-preview">
          {makeWay === 'template' ? (
            <TemplatePreview drawing={drawing} />
          ) : (
            <SealPreviewFrame>
              {picture ? (
                <img src={picture.url} alt={t('companySealPage.form.preview')} />
              ) : (
                <Typography.Text type="secondary">
                  {t('companySealPage.form.previewEmpty')}
                </Typography.Text>
              )}
            </SealPreviewFrame>
          )}
        </aside>
      </div>
    </div>
  );
}
