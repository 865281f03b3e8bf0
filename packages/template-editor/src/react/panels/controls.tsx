/**
 * Form controls shared by the panels. Text and number inputs keep a draft while the author types
 * and commit it on blur or Enter (Escape drops it), so each edit is one undo step. A command that
 * refuses the value (`ProjectValidationError`) leaves the draft in place and shows the reason, in
 * the editor's language, under the field.
 */
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react';
import {
  FONT_FAMILIES,
  FONT_SIZES,
  ProjectValidationError,
  type ElementPatch,
  type ElementStyle,
  type FontFamilyValue,
  type Locale,
} from '../../core';
import { useEditor } from '../context';
import { Icon, type IconName } from '../icons';

/** The message of a refused command in `locale`, or null when `error` is not a validation error. */
export function validationMessage(error: unknown, locale: Locale): string | null {
  if (!(error instanceof ProjectValidationError)) return null;
  const first = error.issues[0];
  if (!first) return error.localizedMessage(locale);
  return locale === 'zh' ? first.messageZh : first.message;
}

/**
 * Runs commands and keeps the message of the last one refused. `run` returns whether the command
 * went through; errors other than `ProjectValidationError` are rethrown.
 */
export function useGuardedCommand(): [
  error: string | null,
  run: (command: () => void) => boolean,
  clear: () => void,
] {
  const { locale } = useEditor();
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    (command: () => void) => {
      try {
        command();
        setError(null);
        return true;
      } catch (caught) {
        const message = validationMessage(caught, locale);
        if (message === null) throw caught;
        setError(message);
        return false;
      }
    },
    [locale],
  );
  const clear = useCallback(() => setError(null), []);
  return [error, run, clear];
}

/** A labelled field: the label above, the control, and the error (if any) below. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="esign-te__field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <span className="esign-te__hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The reason a field's value was refused, announced as it appears; nothing while there is none. */
function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  return error ? (
    <span className="esign-te__error" id={`${id}-error`} role="alert">
      {error}
    </span>
  ) : null;
}

/** The aria attributes that tie a control to its error and hint. */
export function describedBy(id: string, error: string | null | undefined, hint?: unknown) {
  const ids = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}

interface DraftInputProps {
  id: string;
  value: string;
  /** Commits the text; returns false when it was refused (the draft stays). */
  onCommit(text: string): boolean;
  error?: string | null | undefined;
  /** Called when the author drops the draft with Escape. */
  onRevert?(): void;
  placeholder?: string | undefined;
  inputMode?: 'text' | 'decimal' | 'numeric' | undefined;
  /** Arrow Up / Down (Shift: ×10) step the value by this much and commit. */
  step?: number | undefined;
  hint?: unknown;
  /** The input element (a plain prop: `ref` on a function component needs React 19). */
  inputRef?: Ref<HTMLInputElement> | undefined;
  className?: string | undefined;
  'aria-label'?: string | undefined;
}

/** A text input that commits on blur and Enter, not on every keystroke. */
export function DraftInput({
  id,
  value,
  onCommit,
  error,
  onRevert,
  placeholder,
  inputMode,
  step,
  hint,
  inputRef,
  className,
  'aria-label': ariaLabel,
}: DraftInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    if (draft === value) {
      setDraft(null);
      onRevert?.();
      return;
    }
    if (onCommit(draft)) setDraft(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape' && draft !== null) {
      event.preventDefault();
      event.stopPropagation();
      setDraft(null);
      onRevert?.();
    } else if (step && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      const current = Number((draft ?? value).trim());
      if (!Number.isFinite(current)) return;
      event.preventDefault();
      const delta = (event.key === 'ArrowUp' ? step : -step) * (event.shiftKey ? 10 : 1);
      const next = String(Math.round((current + delta) * 100) / 100);
      setDraft(onCommit(next) ? null : next);
    }
  };
  return (
    <input
      ref={inputRef}
      id={id}
      type="text"
      className={className}
      value={draft ?? value}
      placeholder={placeholder}
      inputMode={inputMode}
      autoComplete="off"
      spellCheck={inputMode ? false : undefined}
      aria-label={ariaLabel}
      {...describedBy(id, error, hint)}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
    />
  );
}

/** Rounds a stored length for display: at most two decimals, no trailing zeros. */
export function formatNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** A labelled text field committing through `apply`. */
export function TextField({
  id,
  label,
  value,
  apply,
  placeholder,
  inputRef,
}: {
  id: string;
  label: ReactNode;
  value: string;
  apply(text: string): void;
  placeholder?: string;
  /** The input element (a plain prop: `ref` on a function component needs React 19). */
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [error, run, clear] = useGuardedCommand();
  return (
    <Field id={id} label={label} error={error}>
      <DraftInput
        inputRef={inputRef}
        id={id}
        value={value}
        error={error}
        placeholder={placeholder}
        onRevert={clear}
        onCommit={(text) => run(() => apply(text))}
      />
    </Field>
  );
}

/**
 * A labelled number field. Text that is not a number is refused here; the command refuses numbers
 * out of range. Shows `mixed` (empty) when the selected fields differ.
 */
export function NumberField({
  id,
  label,
  value,
  apply,
  step = 1,
  integer = false,
}: {
  id: string;
  label: ReactNode;
  value: number | null;
  apply(value: number): void;
  step?: number;
  integer?: boolean;
}) {
  const { t } = useEditor();
  const [error, run, clear] = useGuardedCommand();
  const [ownError, setOwnError] = useState<string | null>(null);
  const shown = ownError ?? error;
  return (
    <Field id={id} label={label} error={shown}>
      <DraftInput
        id={id}
        value={value === null ? '' : formatNumber(value)}
        error={shown}
        inputMode={integer ? 'numeric' : 'decimal'}
        step={step}
        onRevert={() => {
          setOwnError(null);
          clear();
        }}
        onCommit={(text) => {
          const number = Number(text.trim().replace(',', '.'));
          if (text.trim() === '' || !Number.isFinite(number)) {
            setOwnError(t(integer ? 'properties.notInteger' : 'properties.notNumber'));
            return false;
          }
          setOwnError(null);
          return run(() => apply(number));
        }}
      />
    </Field>
  );
}

export interface Option {
  value: string;
  label: string;
}

/**
 * A labelled select that applies each choice at once (one undo step). `null`: the values differ.
 * The chosen option's label is shown over the select, wrapping, so that a long one ("Party B ·
 * Customer …") is read whole in a narrow panel instead of cut; the select itself stays the control.
 */
export function SelectField({
  id,
  label,
  value,
  options,
  apply,
  mixedLabel,
  selectProps,
}: {
  id: string;
  label: ReactNode;
  value: string | null;
  options: readonly Option[];
  apply(value: string): void;
  /** The label of the empty choice shown while the selected fields differ. */
  mixedLabel?: string;
  selectProps?: SelectHTMLAttributes<HTMLSelectElement>;
}) {
  const [error, run] = useGuardedCommand();
  const shown =
    value === null
      ? (mixedLabel ?? '—')
      : (options.find((option) => option.value === value)?.label ?? '');
  return (
    <Field id={id} label={label} error={error}>
      <span className="esign-te__select">
        <select
          {...selectProps}
          id={id}
          value={value ?? ''}
          {...describedBy(id, error)}
          onChange={(event) => run(() => apply(event.target.value))}
        >
          {value === null ? (
            <option value="" disabled>
              {mixedLabel ?? '—'}
            </option>
          ) : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <span className="esign-te__select-value" aria-hidden="true">
          {shown}
        </span>
      </span>
    </Field>
  );
}

/** A checkbox with its label; `null` shows the mixed state of several fields. */
export function CheckField({
  id,
  label,
  checked,
  apply,
}: {
  id: string;
  label: ReactNode;
  checked: boolean | null;
  apply(checked: boolean): void;
}) {
  const [error, run] = useGuardedCommand();
  return (
    <div className="esign-te__field esign-te__field--check">
      <div className="esign-te__check">
        <input
          id={id}
          type="checkbox"
          checked={checked === true}
          ref={(node) => {
            if (node) node.indeterminate = checked === null;
          }}
          {...describedBy(id, error)}
          onChange={(event) => run(() => apply(event.target.checked))}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The value the items share, or null when they differ. */
export function shared<T, V>(items: readonly T[], read: (item: T) => V): V | null {
  if (items.length === 0) return null;
  const first = read(items[0]!);
  return items.every((item) => Object.is(read(item), first)) ? first : null;
}

/** The type style of a text or date field. */
export type TypeStyle = Pick<
  ElementStyle,
  'fontFamily' | 'fontSize' | 'color' | 'textAlign' | 'lineHeight'
>;

/** Font, size, colour, alignment (and line height for one field) of text and date fields. */
export function TypeSettings({
  id,
  styles,
  update,
}: {
  id: string;
  styles: readonly TypeStyle[];
  update(patch: ElementPatch): void;
}) {
  const { t, locale } = useEditor();
  const fontSize = shared(styles, (s) => s.fontSize);
  const sizes: Option[] = FONT_SIZES.map((size) => ({
    value: String(size.value),
    label: size.label[locale],
  }));
  if (fontSize !== null && !FONT_SIZES.some((size) => size.value === fontSize))
    sizes.push({ value: String(fontSize), label: t('properties.customSize', { size: fontSize }) });
  const mixed = t('properties.mixed');
  return (
    <>
      <div className="esign-te__row">
        <SelectField
          id={`${id}-font`}
          label={t('properties.fontFamily')}
          value={shared(styles, (s) => s.fontFamily)}
          mixedLabel={mixed}
          options={FONT_FAMILIES.map((font) => ({ value: font.value, label: font.label[locale] }))}
          apply={(fontFamily) =>
            update({ commonStyle: { fontFamily: fontFamily as FontFamilyValue } })
          }
        />
        <SelectField
          id={`${id}-size`}
          label={t('properties.fontSize')}
          value={fontSize === null ? null : String(fontSize)}
          mixedLabel={mixed}
          options={sizes}
          apply={(size) => update({ commonStyle: { fontSize: Number(size) } })}
        />
      </div>
      <div className="esign-te__row">
        <ColorField
          id={`${id}-color`}
          value={shared(styles, (s) => s.color)}
          apply={(color) => update({ commonStyle: { color } })}
        />
        {styles.length === 1 ? (
          <NumberField
            id={`${id}-line`}
            label={t('properties.lineHeight')}
            value={styles[0]!.lineHeight}
            step={0.1}
            apply={(lineHeight) => update({ commonStyle: { lineHeight } })}
          />
        ) : null}
      </div>
      <AlignField
        value={shared(styles, (s) => s.textAlign)}
        apply={(textAlign) => update({ commonStyle: { textAlign } })}
      />
    </>
  );
}

const HEX = /^#[0-9a-f]{6}$/i;

/** `#rgb` and `#rrggbb` as `#rrggbb`; anything else (names, rgb()) as black for the swatch. */
function toHex(color: string): string {
  if (HEX.test(color)) return color.toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  return short
    ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase()
    : '#000000';
}

/**
 * A colour swatch (the system picker, applied when it closes) beside its code (applied on blur or
 * Enter), so keyboard users can type a colour.
 */
function ColorField({
  id,
  value,
  apply,
}: {
  id: string;
  value: string | null;
  apply(color: string): void;
}) {
  const { t } = useEditor();
  const [error, run, clear] = useGuardedCommand();
  const [ownError, setOwnError] = useState<string | null>(null);
  const [picking, setPicking] = useState<string | null>(null);
  const swatch = useRef<HTMLInputElement>(null);
  // The latest render's handler, read by the listener below (as `useEffectEvent` would, which
  // React 18 lacks).
  const onPicked = useRef((_color: string) => {});
  useLayoutEffect(() => {
    onPicked.current = (color: string) => {
      setPicking(null);
      if (color !== value) run(() => apply(color));
    };
  });
  useEffect(() => {
    const node = swatch.current;
    if (!node) return;
    // React's onChange follows every `input` event; the native `change` fires once, on close.
    const listener = () => onPicked.current(node.value);
    node.addEventListener('change', listener);
    return () => node.removeEventListener('change', listener);
  }, []);
  const shown = ownError ?? error;
  return (
    <div className="esign-te__field">
      <label htmlFor={id}>{t('properties.color')}</label>
      <div className="esign-te__color">
        <input
          ref={swatch}
          id={id}
          type="color"
          value={picking ?? toHex(value ?? '#000000')}
          onChange={(event) => setPicking(event.target.value)}
        />
        <DraftInput
          id={`${id}-code`}
          aria-label={t('properties.colorCode')}
          value={value ?? ''}
          placeholder={value === null ? t('properties.mixed') : undefined}
          error={shown}
          onRevert={() => {
            setOwnError(null);
            clear();
          }}
          onCommit={(text) => {
            const color = text.trim();
            if (!HEX.test(color) && !/^#[0-9a-f]{3}$/i.test(color)) {
              setOwnError(t('properties.invalidColor'));
              return false;
            }
            setOwnError(null);
            return run(() => apply(toHex(color)));
          }}
        />
      </div>
      {shown ? (
        <span className="esign-te__error" id={`${id}-code-error`} role="alert">
          {shown}
        </span>
      ) : null}
    </div>
  );
}

const ALIGNMENTS: readonly { value: ElementStyle['textAlign']; icon: IconName }[] = [
  { value: 'left', icon: 'textLeft' },
  { value: 'center', icon: 'textCenter' },
  { value: 'right', icon: 'textRight' },
];

function AlignField({
  value,
  apply,
}: {
  value: ElementStyle['textAlign'] | null;
  apply(value: ElementStyle['textAlign']): void;
}) {
  const { t } = useEditor();
  const labelId = useId();
  return (
    <div className="esign-te__field">
      <span id={labelId} className="esign-te__label">
        {t('properties.textAlign')}
      </span>
      <div className="esign-te__buttons" role="group" aria-labelledby={labelId}>
        {ALIGNMENTS.map((option) => (
          <button
            key={option.value}
            type="button"
            className="esign-te__icon-button"
            aria-pressed={value === option.value}
            aria-label={t(`properties.${option.value}`)}
            title={t(`properties.${option.value}`)}
            onClick={() => apply(option.value)}
          >
            <Icon name={option.icon} />
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * The typography group of text and date fields: {@link TypeSettings} for `styles`, then whatever
 * the kind adds (a date's format).
 */
export function TypographyGroup({
  id,
  styles,
  update,
  children,
}: {
  id: string;
  styles: readonly TypeStyle[];
  update(patch: ElementPatch): void;
  children?: ReactNode;
}) {
  const { t } = useEditor();
  return (
    <fieldset className="esign-te__group">
      <legend>{t('properties.typography')}</legend>
      <TypeSettings id={id} styles={styles} update={update} />
      {children}
    </fieldset>
  );
}
