import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';

/**
 * A labelled form field in antd Form's vertical layout: the label above, the control, then the
 * error (announced) or the hint. The control gets `aria-describedby` and `aria-invalid` from
 * {@link describedBy} and {@link invalid}.
 */
export function Field({
  id,
  label,
  error,
  extra,
  children,
}: {
  id: string;
  label?: ReactNode;
  error?: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'lite-field lite-field-invalid' : 'lite-field'}>
      {label ? (
        <label className="lite-label" htmlFor={id}>
          {label}
        </label>
      ) : null}
      {children}
      {error ? (
        <div id={`${id}_error`} className="lite-error" role="alert">
          {error}
        </div>
      ) : extra ? (
        <div id={`${id}_extra`} className="lite-extra">
          {extra}
        </div>
      ) : null}
    </div>
  );
}

/** The id of the text that describes field `id`'s control: its error, else its hint. */
export const describedBy = (id: string, error?: string, extra?: ReactNode) =>
  error ? `${id}_error` : extra ? `${id}_extra` : undefined;

/** `aria-invalid` for a control whose field shows `error`. */
export const invalid = (error?: string) => (error ? true : undefined);

type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** A text input in antd's look. */
export function Input({ className, ...rest }: InputProps) {
  return <input className={className ? `lite-input ${className}` : 'lite-input'} {...rest} />;
}

/** A password input with a button that shows or hides what was typed. */
export function PasswordInput({
  showLabel,
  hideLabel,
  ...rest
}: Omit<InputProps, 'type'> & { showLabel: string; hideLabel: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <span className="lite-affix">
      <input className="lite-input" type={visible ? 'text' : 'password'} {...rest} />
      <button
        type="button"
        className="lite-affix-button"
        aria-label={visible ? hideLabel : showLabel}
        aria-pressed={visible}
        onClick={() => setVisible(!visible)}
      >
        {visible ? <EyeIcon /> : <EyeOffIcon />}
      </button>
    </span>
  );
}
