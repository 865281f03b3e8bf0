import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  PARTICIPANT_NAME_MAX,
  TEMPLATE_PARTIES,
  check,
  participantsSchema,
  type Locale,
  type TemplateParticipant,
} from '@esign/platform';
import { Button, Checkbox, Form, Input, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

/** The participants a new template starts with: parties A and B, each signing and filling in. */
export const DEFAULT_PARTICIPANTS: TemplateParticipant[] = [
  { party: 'A', name: '', sign: true, fill: true },
  { party: 'B', name: '', sign: true, fill: true },
];

/** The next party to add: the first letter A–J not taken yet, signing and filling in. */
function nextParticipant(taken: readonly TemplateParticipant[]): TemplateParticipant | null {
  const party = TEMPLATE_PARTIES.find((letter) => !taken.some((p) => p.party === letter));
  return party ? { party, name: '', sign: true, fill: true } : null;
}

/**
 * The list's check with the shared schema (spec 001 §5: at least one signatory, each party signs
 * or fills in). Each message once; a party's own problem names the party.
 */
export function participantsRule(
  locale: Locale,
  partyLabel: (party: string) => string,
): { validator(rule: unknown, value: TemplateParticipant[] | undefined): Promise<void> } {
  return {
    validator: async (_rule, value) => {
      const list = value ?? [];
      const result = check(participantsSchema, list, locale);
      if (result.ok) return;
      const messages = result.issues.map(({ path, message }) => {
        const party = list[Number(path.split('.')[0])]?.party;
        return path && party ? `${partyLabel(party)}: ${message}` : message;
      });
      throw new Error([...new Set(messages)].join('\n'));
    },
  };
}

/** The participants of a new template: one row per party, signs and/or fills in. */
export function ParticipantsField({ form, locale }: { form: FormInstance; locale: Locale }) {
  const { t } = useTranslation();
  const partyLabel = (party: string) => t('templateNew.party', { party });
  // `preserve`: the party letter has no field of its own, and is watched all the same.
  const participants: TemplateParticipant[] =
    Form.useWatch('participants', { form, preserve: true }) ?? [];

  return (
    <fieldset className="participants">
      <legend className="participants-legend">{t('templateNew.participants')}</legend>
      <p className="participants-hint">{t('templateNew.participantsHint')}</p>
      <Form.List name="participants" rules={[participantsRule(locale, partyLabel)]}>
        {(fields, { add, remove }, { errors }) => (
          <>
            <ul className="participant-rows">
              {fields.map((field) => {
                const party = participants[field.name]?.party ?? '';
                return (
                  <li key={field.key} className="participant-row" aria-label={partyLabel(party)}>
                    <span className="participant-party">{partyLabel(party)}</span>
                    <Form.Item name={[field.name, 'name']} noStyle>
                      <Input
                        className="participant-name"
                        maxLength={PARTICIPANT_NAME_MAX}
                        placeholder={
                          party === 'A' || party === 'B'
                            ? t(`templateNew.partyNamePlaceholder${party}`)
                            : t('templateNew.partyNamePlaceholder', { party })
                        }
                        aria-label={t('templateNew.partyName', { party })}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'sign']} valuePropName="checked" noStyle>
                      <Checkbox aria-label={t('templateNew.partySigns', { party })}>
                        {t('templateNew.signs')}
                      </Checkbox>
                    </Form.Item>
                    <Form.Item name={[field.name, 'fill']} valuePropName="checked" noStyle>
                      <Checkbox aria-label={t('templateNew.partyFills', { party })}>
                        {t('templateNew.fills')}
                      </Checkbox>
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={t('templateNew.removeParty', { party })}
                      disabled={fields.length <= 1}
                      onClick={() => remove(field.name)}
                    />
                  </li>
                );
              })}
            </ul>
            <Button
              icon={<PlusOutlined aria-hidden />}
              disabled={fields.length >= TEMPLATE_PARTIES.length}
              onClick={() => {
                const next = nextParticipant(participants);
                if (next) add(next);
              }}
            >
              {t('templateNew.addParty')}
            </Button>
            <Form.ErrorList className="participants-errors" errors={errors} />
          </>
        )}
      </Form.List>
    </fieldset>
  );
}
