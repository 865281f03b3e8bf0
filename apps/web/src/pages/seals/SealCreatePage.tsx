import { InboxOutlined } from '@ant-design/icons';
import {
  SEAL_NAME_MAX,
  message as platformMessage,
  personalSealCreateBody,
  type MessageKey,
  type PersonalSealCreateBody,
  type PersonalSealShape,
} from '@esign/platform';
import { Alert, App, Button, Checkbox, Form, Input, Segmented, Spin, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { base64Of, fetchPersonalSealPreview, useCreatePersonalSeal } from '../../api/seals';
import { useBlobUrl } from '../../api/useBlobUrl';
import { AppForm } from '../../forms/AppForm';
import { schemaRule } from '../../forms/rules';
import { FormRefusal } from '../../forms/FormRefusal';
import { useSubmit } from '../../forms/useSubmit';
import { localeOf } from '../../i18n/locale';
import { useSession } from '../../session';
import { UserCenterHeader } from '../userCenter/UserCenterHeader';
import '../userCenter/userCenter.css';
import { PhoneHandwriting } from './PhoneHandwriting';
import { SignaturePad } from './SignaturePad';
import { chosenSealFileRefusal } from './sealFile';
import './seals.css';

type Way = 'handwrite' | 'template' | 'upload';
type HandwriteWhere = 'here' | 'phone';

/** A file accepted for upload; `key` tells one choice from the next. */
interface ChosenFile {
  file: File;
  key: number;
}

interface CreateFields {
  name: string;
  makeDefault: boolean;
}

const SEALS_PATH = '/user-center/seal';

/**
 * Whether a name fits a square name seal: 2 to 4 Chinese characters (a longer name, or one in
 * Latin letters, is drawn oblong; the server refuses the square).
 */
export function fitsSquareSeal(name: string): boolean {
  return /^\p{Script=Han}{2,4}$/u.test(name.trim());
}

/** The template's picture as the server draws it with the verified name, for the shape chosen. */
function TemplatePreview({ shape }: { shape: PersonalSealShape }) {
  const { t } = useTranslation();
  const { url, failed } = useBlobUrl(`preview-${shape}`, (signal) =>
    fetchPersonalSealPreview(shape, signal),
  );
  return (
    <div className="seal-preview" aria-busy={!url && !failed}>
      {failed ? (
        <span className="user-center-hint">{t('sealsPage.create.previewFailed')}</span>
      ) : url ? (
        <img className="seal-image" src={url} alt={t('sealsPage.create.previewAlt')} />
      ) : (
        <Spin />
      )}
    </div>
  );
}

/** A chosen file shown as it will be stamped (on a checkerboard: its transparency shows). */
function UploadPreview({ upload }: { upload: ChosenFile }) {
  const { t } = useTranslation();
  const { url } = useBlobUrl(String(upload.key), async () => upload.file);
  return (
    <div className="seal-preview seal-preview-checkered">
      {url ? (
        <img
          className="seal-image"
          src={url}
          alt={t('sealsPage.create.uploadAlt', { name: upload.file.name })}
        />
      ) : null}
    </div>
  );
}

/**
 * /user-center/create: a seal made by hand (on this screen's pad, or on a phone through a QR code),
 * from the template with the verified name (square or oblong, previewed as the server draws it),
 * or from an uploaded PNG/JPEG (checked here first with the server's messages). A name and
 * "make it my default" go with it; Save makes it and returns to the list.
 */
export default function SealCreatePage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const personName = useSession((state) => state.userInfo?.name ?? '');
  const squareFits = fitsSquareSeal(personName);
  const [form] = Form.useForm<CreateFields>();
  const [way, setWay] = useState<Way>('handwrite');
  const [where, setWhere] = useState<HandwriteWhere>('here');
  const [drawing, setDrawing] = useState<Blob | null>(null);
  const [shape, setShape] = useState<PersonalSealShape>(squareFits ? 'square' : 'oblong');
  const [upload, setUpload] = useState<ChosenFile | null>(null);
  const [uploadRefusal, setUploadRefusal] = useState<MessageKey | null>(null);
  const create = useCreatePersonalSeal();

  const defaultName = (chosen: Way) =>
    (chosen === 'template'
      ? t('sealsPage.create.defaultNames.template', { name: personName })
      : t(`sealsPage.create.defaultNames.${chosen}`)
    ).slice(0, SEAL_NAME_MAX);
  const choose = (chosen: Way) => {
    // A name the person typed stays; the suggestion follows the way.
    if (!form.isFieldTouched('name')) form.setFieldValue('name', defaultName(chosen));
    setWay(chosen);
  };

  const chooseFile = async (file: File) => {
    const refusal = await chosenSealFileRefusal(file);
    setUploadRefusal(refusal);
    setUpload(refusal ? null : { file, key: (upload?.key ?? 0) + 1 });
  };

  const ready =
    way === 'handwrite'
      ? where === 'here' && drawing !== null
      : way === 'upload'
        ? upload !== null
        : shape === 'oblong' || squareFits;

  const { submit, pending, refusal } = useSubmit(async ({ name, makeDefault }: CreateFields) => {
    const body: PersonalSealCreateBody = { name, makeWay: way, makeDefault };
    if (way === 'template') body.shape = shape;
    if (way === 'handwrite' && drawing) body.image = await base64Of(drawing);
    if (way === 'upload' && upload) body.image = await base64Of(upload.file);
    await create.mutateAsync(body);
    void message.success(t('sealsPage.create.saved'));
    void navigate(SEALS_PATH);
  });

  const onPhone = way === 'handwrite' && where === 'phone';

  return (
    <div className="page user-center-page">
      <UserCenterHeader title={t('routes.sealCreate')} subtitle={t('sealsPage.create.subtitle')} />
      <section className="user-center-card seal-create">
        <Segmented<Way>
          block
          aria-label={t('sealsPage.create.way')}
          value={way}
          onChange={choose}
          options={(['handwrite', 'template', 'upload'] as const).map((value) => ({
            value,
            label: t(`sealsPage.create.ways.${value}`),
          }))}
        />

        {way === 'handwrite' ? (
          <div className="seal-create-way">
            <Segmented<HandwriteWhere>
              aria-label={t('sealsPage.create.where')}
              value={where}
              onChange={setWhere}
              options={[
                { value: 'here', label: t('sealsPage.create.drawHere') },
                { value: 'phone', label: t('sealsPage.create.drawOnPhone') },
              ]}
            />
            {where === 'here' ? (
              <SignaturePad onChange={setDrawing} height={260} />
            ) : (
              <>
                <PhoneHandwriting />
                <p className="user-center-hint">{t('sealsPage.create.phoneNamed')}</p>
              </>
            )}
          </div>
        ) : null}

        {way === 'template' ? (
          <div className="seal-create-way">
            <Segmented<PersonalSealShape>
              aria-label={t('sealsPage.create.shape')}
              value={shape}
              onChange={setShape}
              options={(['square', 'oblong'] as const).map((value) => ({
                value,
                label: t(`sealsPage.create.shapes.${value}`),
                disabled: value === 'square' && !squareFits,
              }))}
            />
            {squareFits ? null : (
              <p className="user-center-hint">
                {platformMessage('sealTemplateNameLength', locale)}
              </p>
            )}
            <TemplatePreview key={shape} shape={shape} />
            <p className="user-center-hint">
              {t('sealsPage.create.templateHint', { name: personName })}
            </p>
          </div>
        ) : null}

        {way === 'upload' ? (
          <div className="seal-create-way">
            <Upload.Dragger
              // The file dialog offers PNG and JPEG; anything dropped is judged here, with a reason.
              accept={{ format: 'image/png,image/jpeg', filter: 'native' }}
              multiple={false}
              showUploadList={false}
              beforeUpload={(file) => {
                void chooseFile(file);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined aria-hidden />
              </p>
              <p className="ant-upload-text">{t('sealsPage.create.uploadPrompt')}</p>
              <p className="ant-upload-hint">{t('sealsPage.create.uploadRules')}</p>
            </Upload.Dragger>
            {uploadRefusal ? (
              <Alert type="error" showIcon title={platformMessage(uploadRefusal, locale)} />
            ) : null}
            {upload ? <UploadPreview upload={upload} /> : null}
            <p className="user-center-hint">{t('sealsPage.create.whiteTransparent')}</p>
          </div>
        ) : null}

        {onPhone ? null : (
          <AppForm<CreateFields>
            form={form}
            name="seal-create"
            layout="vertical"
            initialValues={{ name: defaultName('handwrite'), makeDefault: false }}
            onFinish={submit}
            className="seal-create-form"
          >
            <Form.Item
              name="name"
              label={t('sealsPage.name')}
              rules={[schemaRule(personalSealCreateBody.shape.name, locale)]}
            >
              <Input maxLength={40} />
            </Form.Item>
            <Form.Item name="makeDefault" valuePropName="checked">
              <Checkbox>{t('sealsPage.create.makeDefault')}</Checkbox>
            </Form.Item>
            <FormRefusal refusal={refusal} />
            <div className="seal-create-actions">
              <Button onClick={() => void navigate(SEALS_PATH)}>{t('common.cancel')}</Button>
              <Button type="primary" htmlType="submit" disabled={!ready} loading={pending}>
                {t('sealsPage.create.save')}
              </Button>
            </div>
            {way === 'handwrite' && !drawing ? (
              <p className="user-center-hint">{t('sealsPage.create.drawFirst')}</p>
            ) : null}
          </AppForm>
        )}
      </section>
    </div>
  );
}
