import { useEffect, useId, useRef } from 'react';
import { PARTIES, PARTY_COLORS, type Participant, type Party } from '../../core';
import { useEditor, useProjectState } from '../context';
import { Icon } from '../icons';
import { DraftInput, useGuardedCommand } from './controls';

/**
 * The parties of the contract (A–J): whether each signs, fills fields, or both, and an optional
 * name such as "Lessor". Every change is one `setParticipants` call, so one undo step.
 */
export function ParticipantsPanel() {
  const { t, store } = useEditor();
  const participants = useProjectState((s) => s.project.participants);
  const [error, run] = useGuardedCommand();
  const headingId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  /** Where focus goes once the list has changed: a new party's name, or the add button. */
  const focusNext = useRef<Party | 'add' | null>(null);
  const nextParty = PARTIES.find((party) => !participants.some((p) => p.party === party));

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'add') addButton.current?.focus();
    else if (target)
      list.current
        ?.querySelector<HTMLInputElement>(`[data-party="${target}"] input[type="text"]`)
        ?.focus();
  }, [participants]);

  const apply = (next: Participant[], focus: Party | 'add' | null = null) => {
    focusNext.current = focus;
    const done = run(() => store.getState().setParticipants(next));
    if (!done) focusNext.current = null;
    return done;
  };
  const change = (party: Party, patch: Partial<Participant>) =>
    apply(participants.map((p) => (p.party === party ? { ...p, ...patch } : p)));
  const add = () => {
    if (nextParty)
      apply([...participants, { party: nextParty, sign: true, fill: true, name: '' }], nextParty);
  };
  const remove = (party: Party) =>
    apply(
      participants.filter((p) => p.party !== party),
      'add',
    );

  return (
    <section className="esign-te__panel" aria-labelledby={headingId}>
      <div className="esign-te__panel-head">
        <h2 id={headingId}>{t('participants.title')}</h2>
        <button
          ref={addButton}
          type="button"
          className="esign-te__icon-text"
          disabled={!nextParty}
          onClick={add}
        >
          <Icon name="add" />
          {t('participants.add')}
        </button>
      </div>
      {participants.some((p) => p.sign) ? null : (
        <p className="esign-te__error" role="status">
          <Icon name="warning" />
          {t('participants.atLeastOneSignatory')}
        </p>
      )}
      <ul ref={list} className="esign-te__list esign-te__parties">
        {participants.map((participant) => (
          <ParticipantRow
            key={participant.party}
            participant={participant}
            removable={participants.length > 1}
            onChange={(patch) => change(participant.party, patch)}
            onRemove={() => remove(participant.party)}
          />
        ))}
      </ul>
      {error ? (
        <p className="esign-te__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function ParticipantRow({
  participant,
  removable,
  onChange,
  onRemove,
}: {
  participant: Participant;
  removable: boolean;
  onChange(patch: Partial<Participant>): boolean;
  onRemove(): void;
}) {
  const { t } = useEditor();
  const id = useId();
  const { party, sign, fill, name } = participant;
  const label = t('participants.party', { party });
  const idle = !sign && !fill;
  const describe = idle ? `${id}-error` : undefined;
  return (
    // The group is inside the item: a list holds list items only, whatever role they would take.
    <li data-party={party}>
      <div className="esign-te__party" role="group" aria-label={label}>
        <div className="esign-te__party-head">
          <span
            className="esign-te__badge"
            style={{ background: PARTY_COLORS[party] }}
            title={label}
            aria-hidden="true"
          >
            {party}
          </span>
          <label htmlFor={`${id}-name`} className="esign-te__visually-hidden">
            {t('participants.name', { party })}
          </label>
          <DraftInput
            id={`${id}-name`}
            value={name}
            placeholder={
              party === 'A' || party === 'B'
                ? t(`participants.namePlaceholder${party}`)
                : t('participants.namePlaceholder', { party })
            }
            onCommit={(text) => onChange({ name: text.trim() })}
          />
          <button
            type="button"
            className="esign-te__icon-button"
            aria-label={t('participants.remove', { party })}
            title={t('participants.remove', { party })}
            disabled={!removable}
            onClick={onRemove}
          >
            <Icon name="close" />
          </button>
        </div>
        <div className="esign-te__party-roles">
          <span className="esign-te__check">
            <input
              id={`${id}-sign`}
              type="checkbox"
              checked={sign}
              aria-describedby={describe}
              aria-invalid={idle || undefined}
              onChange={(event) => onChange({ sign: event.target.checked })}
            />
            <label htmlFor={`${id}-sign`}>{t('participants.sign')}</label>
          </span>
          <span className="esign-te__check">
            <input
              id={`${id}-fill`}
              type="checkbox"
              checked={fill}
              aria-describedby={describe}
              aria-invalid={idle || undefined}
              onChange={(event) => onChange({ fill: event.target.checked })}
            />
            <label htmlFor={`${id}-fill`}>{t('participants.fill')}</label>
          </span>
        </div>
        {idle ? (
          <span className="esign-te__error" id={`${id}-error`}>
            {t('participants.mustTick')}
          </span>
        ) : null}
      </div>
    </li>
  );
}
