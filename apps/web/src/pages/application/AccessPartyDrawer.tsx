import { CheckOutlined } from '@ant-design/icons';
import {
  ACCESS_NAME_MAX,
  accessPartySaveBody,
  type AccessParty,
  type AccessPartySaved,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Checkbox, Drawer, Form, Input, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  integrationQueries,
  saveAccessParty,
  useIntegrationMutation,
} from '../../api/integrations';
import { AppForm } from '../../forms/AppForm';
import { FormRefusal } from '../../forms/FormRefusal';
import { schemaRule } from '../../forms/rules';
import { useSubmit } from '../../forms/useSubmit';
import { localeOf } from '../../i18n/locale';
import { useIsMobile } from '../../layout/useIsMobile';
import { useSession } from '../../session';

interface Values {
  name: string;
  companyIds: string[];
  enabled: boolean;
}

const FORM_ID = 'access-party';
const nameRule = accessPartySaveBody.shape.name;

/**
 * Makes an access party or changes one: its business channel, the affiliated companies it acts for
 * beside the main company (which is always included, and never offered a second time), and —
 * when changing one — whether it is enabled. A made party's secret is handed to `onSaved`, which
 * shows it once. A refusal stays in the drawer, at the field it names.
 */
export function AccessPartyDrawer({
  open,
  party,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The party to change; a new one when null. */
  party: AccessParty | null;
  onClose(): void;
  onSaved(saved: AccessPartySaved): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message } = App.useApp();
  const mobile = useIsMobile();
  const companyId = useSession((state) => state.companyId);
  const [form] = Form.useForm<Values>();
  const companies = useQuery({ ...integrationQueries.companies(companyId), enabled: open });
  const main = companies.data?.find((company) => company.main);
  const affiliates = companies.data?.filter((company) => !company.main) ?? [];
  const save = useIntegrationMutation(companyId, (values: Values) =>
    saveAccessParty({
      ...(party ? { id: party.id, enabled: values.enabled } : {}),
      name: values.name,
      companyIds: values.companyIds,
    }),
  );
  const { submit, pending, refusal } = useSubmit(async (values: Values) => {
    const saved = await save.mutateAsync(values);
    void message.success(
      t(party ? 'integrations.drawer.saved' : 'integrations.drawer.created', { name: saved.name }),
    );
    onSaved(saved);
    onClose();
  });

  return (
    <Drawer
      open={open}
      title={
        party
          ? t('integrations.drawer.editTitle', { name: party.name })
          : t('integrations.drawer.createTitle')
      }
      size={mobile ? '100%' : 520}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space className="application-drawer-footer">
          <Button onClick={onClose}>{t('integrations.drawer.cancel')}</Button>
          <Button type="primary" htmlType="submit" form={FORM_ID} loading={pending}>
            {t('integrations.drawer.submit')}
          </Button>
        </Space>
      }
    >
      <AppForm<Values>
        form={form}
        name={FORM_ID}
        id={FORM_ID}
        preserve={false}
        initialValues={{
          name: party?.name ?? '',
          companyIds: party?.companies.filter((c) => !c.main).map((c) => c.id) ?? [],
          enabled: party?.enabled ?? true,
        }}
        onFinish={submit}
      >
        <Form.Item
          name="name"
          label={t('integrations.drawer.name')}
          rules={[schemaRule(nameRule, locale)]}
        >
          <Input
            count={{ show: true, max: ACCESS_NAME_MAX }}
            placeholder={t('integrations.drawer.namePlaceholder')}
            autoComplete="off"
            autoFocus
          />
        </Form.Item>
        <Form.Item
          label={t('integrations.drawer.companies')}
          extra={
            affiliates.length > 0
              ? t('integrations.drawer.companiesHint')
              : companies.data
                ? t('integrations.drawer.noAffiliates')
                : undefined
          }
        >
          <div className="application-company-choice">
            {main ? (
              <p className="application-main-company">
                <CheckOutlined aria-hidden className="application-main-check" />
                {t('integrations.drawer.mainAlways', { name: main.fullName })}
              </p>
            ) : null}
            <Form.Item name="companyIds" noStyle>
              <Checkbox.Group
                className="application-company-choice"
                options={affiliates.map((company) => ({
                  value: company.id,
                  label: company.fullName,
                }))}
              />
            </Form.Item>
          </div>
        </Form.Item>
        {party ? (
          <Form.Item
            name="enabled"
            label={t('integrations.drawer.enabled')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        ) : null}
        <FormRefusal refusal={refusal} />
      </AppForm>
    </Drawer>
  );
}
