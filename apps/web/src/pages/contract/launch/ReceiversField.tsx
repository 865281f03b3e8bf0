import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  COMPANY_NAME_MAX,
  CONTRACT_RECEIVERS_MAX,
  PARTY_NAME_MAX,
  PHONE_PATTERN,
  message,
  type Locale,
} from '@esign/platform';
import { Button, Form, Input, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../../../forms/rules';

/** A copy recipient needs a name or a phone (spec 000 §5); a phone given must be one. */
const nameOrPhone =
  (index: number, locale: Locale): FormRule =>
  ({ getFieldValue }) => ({
    validator: async () => {
      const name = String(getFieldValue(['receivers', index, 'name']) ?? '').trim();
      const phone = String(getFieldValue(['receivers', index, 'phone']) ?? '').trim();
      if (!name && !phone) throw new Error(message('receiverNameOrPhoneRequired', locale));
    },
  });

const phoneIfGiven = (locale: Locale): FormRule => ({
  validator: async (_rule, value: string | undefined) => {
    const phone = (value ?? '').trim();
    if (phone && !PHONE_PATTERN.test(phone)) throw new Error(message('phoneInvalid', locale));
  },
});

/**
 * The contract's copy recipients: they receive it to read and do not sign. Each has a name or a
 * phone (or both), and a company name.
 */
export function ReceiversField({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  return (
    <fieldset className="launch-fieldset">
      <legend className="launch-legend">{t('contractLaunch.receivers')}</legend>
      <p className="launch-hint">{t('contractLaunch.receiversHint')}</p>
      <Form.List name="receivers">
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.length > 0 ? (
              <ul className="launch-rows">
                {fields.map((field, position) => {
                  const index = position + 1;
                  return (
                    <li
                      key={field.key}
                      className="launch-row"
                      aria-label={t('contractLaunch.receiver', { index })}
                    >
                      <div className="launch-row-head">
                        <strong className="launch-row-title">
                          {t('contractLaunch.receiver', { index })}
                        </strong>
                        <Button
                          size="small"
                          type="text"
                          className="launch-row-remove"
                          icon={<DeleteOutlined aria-hidden />}
                          aria-label={t('contractLaunch.removeReceiver', { index })}
                          onClick={() => remove(field.name)}
                        />
                      </div>
                      <div className="launch-row-fields">
                        <Form.Item
                          name={[field.name, 'name']}
                          label={t('contractLaunch.partyName')}
                          className="launch-name"
                          dependencies={[['receivers', field.name, 'phone']]}
                          rules={[
                            nameOrPhone(field.name, locale),
                            { max: PARTY_NAME_MAX, message: message('nameTooLong', locale) },
                          ]}
                        >
                          <Input
                            maxLength={PARTY_NAME_MAX}
                            aria-label={t('contractLaunch.receiverNameOf', { index })}
                          />
                        </Form.Item>
                        <Form.Item
                          name={[field.name, 'phone']}
                          label={t('contractLaunch.phone')}
                          className="launch-phone"
                          rules={[phoneIfGiven(locale)]}
                        >
                          <Input
                            inputMode="tel"
                            maxLength={11}
                            aria-label={t('contractLaunch.receiverPhoneOf', { index })}
                          />
                        </Form.Item>
                        <Form.Item
                          name={[field.name, 'companyName']}
                          label={t('contractLaunch.companyName')}
                          className="launch-company"
                          rules={[
                            requiredRule(locale, 'receiverCompanyRequired'),
                            {
                              max: COMPANY_NAME_MAX,
                              message: message('companyNameTooLong', locale),
                            },
                          ]}
                        >
                          <Input
                            maxLength={COMPANY_NAME_MAX}
                            aria-label={t('contractLaunch.receiverCompanyOf', { index })}
                          />
                        </Form.Item>
                      </div>
                    </li>
                  );
                })}
              </ul>
            ) : null}
            <Button
              icon={<PlusOutlined aria-hidden />}
              disabled={fields.length >= CONTRACT_RECEIVERS_MAX}
              onClick={() => add({ name: '', phone: '', companyName: '' })}
            >
              {t('contractLaunch.addReceiver')}
            </Button>
            <Form.ErrorList className="launch-list-errors" errors={errors} />
          </>
        )}
      </Form.List>
    </fieldset>
  );
}
