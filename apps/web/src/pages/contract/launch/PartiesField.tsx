import { DeleteOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import {
  COMPANY_NAME_MAX,
  PARTY_NAME_MAX,
  TEMPLATE_PARTIES,
  message,
  phoneSchema,
  type Counterpart,
  type Locale,
  type TemplateParticipant,
  type ValidatedParty,
} from '@esign/platform';
import { Button, Form, Input, Select, Tag, Tooltip, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRule, schemaRule } from '../../../forms/rules';
import { useSession } from '../../../session';
import { CounterpartPicker } from '../../relative/CounterpartPicker';
import {
  blankParty,
  initiatorAsParty,
  nextPartyLetter,
  type Initiator,
  type LaunchPartyValues,
} from './launchForm';

export interface PartiesFieldProps {
  form: FormInstance;
  locale: Locale;
  me: Initiator;
  /**
   * A template's parties: the letters are the template's (none added or removed) and each row
   * says the party's role in it. Absent: the initiator adds and removes parties A–J.
   */
  roles?: readonly TemplateParticipant[];
}

/** At least one participant (spec 000 §5 "Initiating"). */
const atLeastOne = (locale: Locale) => ({
  validator: async (_rule: unknown, value: LaunchPartyValues[] | undefined) => {
    if (!value || value.length === 0) throw new Error(message('atLeastOneParticipant', locale));
  },
});

/**
 * The signing parties of a contract, lettered A–J: each a person or a company (with the person who
 * signs for it), a name and a phone. Checked with the platform's rules as the server checks them.
 */
export function PartiesField({ form, locale, me, roles }: PartiesFieldProps) {
  const { t } = useTranslation();
  const parties: LaunchPartyValues[] =
    Form.useWatch('participants', { form, preserve: true }) ?? [];
  const fixed = roles !== undefined;
  const canPick = useSession((state) =>
    (state.userInfo?.permissions ?? []).includes('counterpart:view'),
  );

  /** A counterpart picked from the book names the party: a person, or a company and its manager. */
  const fillFrom = (index: number, counterpart: Counterpart) => {
    const current = (form.getFieldValue(['participants', index]) ?? {}) as LaunchPartyValues;
    form.setFieldValue(['participants', index], {
      ...current,
      ...(counterpart.kind === 'person'
        ? { kind: 'person', name: counterpart.name, phone: counterpart.phone }
        : {
            kind: 'company',
            companyName: counterpart.name,
            name: counterpart.managerName,
            phone: counterpart.phone,
          }),
    } satisfies LaunchPartyValues);
    const names = ['name', 'phone', ...(counterpart.kind === 'company' ? ['companyName'] : [])];
    void form
      .validateFields(names.map((name) => ['participants', index, name]))
      .catch(() => undefined);
  };

  return (
    <fieldset className="launch-fieldset">
      <legend className="launch-legend">{t('contractLaunch.participants')}</legend>
      <p className="launch-hint">
        {t(fixed ? 'contractLaunch.templatePartiesHint' : 'contractLaunch.participantsHint')}
      </p>
      <Form.List name="participants" rules={[atLeastOne(locale)]}>
        {(fields, { add, remove }, { errors }) => (
          <>
            <ul className="launch-rows">
              {fields.map((field) => {
                const row = parties[field.name];
                const party = row?.party ?? '';
                const role = roles?.find((r) => r.party === party)?.name;
                const label = role
                  ? t('contractLaunch.partyRole', { party, role })
                  : t('contractLaunch.party', { party });
                return (
                  <li key={field.key} className="launch-row" aria-label={label}>
                    <div className="launch-row-head">
                      <strong className="launch-row-title">{label}</strong>
                      <Tooltip title={t('contractLaunch.meHint')}>
                        <Button
                          size="small"
                          type="link"
                          icon={<UserOutlined aria-hidden />}
                          aria-label={t('contractLaunch.meOf', { party })}
                          onClick={() =>
                            form.setFieldValue(
                              ['participants', field.name],
                              initiatorAsParty(row?.party ?? 'A', me),
                            )
                          }
                        >
                          {t('contractLaunch.me')}
                        </Button>
                      </Tooltip>
                      {fixed ? null : (
                        <Button
                          size="small"
                          type="text"
                          className="launch-row-remove"
                          icon={<DeleteOutlined aria-hidden />}
                          aria-label={t('contractLaunch.removeParty', { party })}
                          onClick={() => remove(field.name)}
                        />
                      )}
                    </div>
                    <div className="launch-row-fields">
                      <Form.Item
                        name={[field.name, 'kind']}
                        label={t('contractLaunch.kind')}
                        className="launch-kind"
                      >
                        <Select
                          aria-label={t('contractLaunch.kindOf', { party })}
                          options={[
                            { value: 'person', label: t('contractLaunch.person') },
                            { value: 'company', label: t('contractLaunch.company') },
                          ]}
                        />
                      </Form.Item>
                      {canPick ? (
                        <Form.Item
                          label={t('counterparts.picker.fromBook')}
                          htmlFor={`launch-picker-${party}`}
                          className="launch-picker-item"
                        >
                          <CounterpartPicker
                            id={`launch-picker-${party}`}
                            kind={row?.kind === 'company' ? 'company' : 'person'}
                            label={t('counterparts.picker.label', { party })}
                            onPick={(counterpart) => fillFrom(field.name, counterpart)}
                          />
                        </Form.Item>
                      ) : null}
                      {row?.kind === 'company' ? (
                        <Form.Item
                          name={[field.name, 'companyName']}
                          label={t('contractLaunch.companyName')}
                          className="launch-company"
                          rules={[
                            requiredRule(locale, 'companyNameRequired'),
                            {
                              max: COMPANY_NAME_MAX,
                              message: message('companyNameTooLong', locale),
                            },
                          ]}
                        >
                          <Input
                            maxLength={COMPANY_NAME_MAX}
                            aria-label={t('contractLaunch.partyCompanyOf', { party })}
                          />
                        </Form.Item>
                      ) : null}
                      <Form.Item
                        name={[field.name, 'name']}
                        label={t(
                          row?.kind === 'company'
                            ? 'contractLaunch.signerName'
                            : 'contractLaunch.partyName',
                        )}
                        className="launch-name"
                        rules={[
                          requiredRule(locale),
                          { max: PARTY_NAME_MAX, message: message('nameTooLong', locale) },
                        ]}
                      >
                        <Input
                          maxLength={PARTY_NAME_MAX}
                          aria-label={t('contractLaunch.partyNameOf', { party })}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'phone']}
                        label={t('contractLaunch.phone')}
                        className="launch-phone"
                        rules={[schemaRule(phoneSchema, locale)]}
                      >
                        <Input
                          inputMode="tel"
                          maxLength={11}
                          aria-label={t('contractLaunch.partyPhoneOf', { party })}
                        />
                      </Form.Item>
                    </div>
                  </li>
                );
              })}
            </ul>
            {fixed ? null : (
              <Button
                icon={<PlusOutlined aria-hidden />}
                disabled={fields.length >= TEMPLATE_PARTIES.length}
                onClick={() => {
                  const letter = nextPartyLetter(parties);
                  if (letter) add(blankParty(letter));
                }}
              >
                {t('contractLaunch.addParty')}
              </Button>
            )}
            <Form.ErrorList className="launch-list-errors" errors={errors} />
          </>
        )}
      </Form.List>
    </fieldset>
  );
}

/** What base/validateParticipants answered of a party: on the platform, or invited by SMS. */
export function StandingTag({ registered }: { registered: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={registered ? 'green' : 'gold'}>
      {t(registered ? 'contractLaunch.registered' : 'contractLaunch.notRegistered')}
    </Tag>
  );
}

/** The parties named, as the later steps recall them, with what the server said of each. */
export function PartiesSummary({
  parties,
  standing,
}: {
  parties: readonly LaunchPartyValues[];
  standing: readonly ValidatedParty[];
}) {
  const { t } = useTranslation();
  return (
    <ul className="launch-summary" aria-label={t('contractLaunch.participants')}>
      {parties.map((p) => {
        const known = standing.find((s) => s.party === p.party);
        return (
          <li key={p.party}>
            <strong>{t('contractLaunch.party', { party: p.party })}</strong>{' '}
            {p.kind === 'company' ? `${p.companyName ?? ''} · ` : ''}
            {p.name} · {p.phone} {known ? <StandingTag registered={known.registered} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
