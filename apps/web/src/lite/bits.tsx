/** Small parts of the pages that load without antd: a spinner, steps, a notice and an error. */
import type { ReactNode } from 'react';
import { CloseIcon, ErrorIcon, InfoIcon } from './icons';

/** A large spinner, announced as `label`. */
export function Spinner({ label }: { label: string }) {
  return <span className="lite-spinner" role="status" aria-label={label} />;
}

/** Numbered steps of a flow, the current one marked (`aria-current="step"`). */
export function Steps({ current, titles }: { current: number; titles: readonly string[] }) {
  return (
    <ol className="lite-steps">
      {titles.map((title, index) => (
        <li
          key={title}
          className={
            index < current ? 'lite-step-done' : index === current ? 'lite-step-current' : undefined
          }
          aria-current={index === current ? 'step' : undefined}
        >
          <span className="lite-step-number" aria-hidden>
            {index + 1}
          </span>
          <span>{title}</span>
        </li>
      ))}
    </ol>
  );
}

/** An informative notice. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="lite-notice" role="note">
      <InfoIcon />
      <span>{children}</span>
    </div>
  );
}

/**
 * An error that asks the person to act (a refused login or form), announced once and kept on the
 * screen until they retry or close it with its button (labelled `closeLabel`).
 */
export function ErrorNotice({
  children,
  closeLabel,
  onClose,
}: {
  children: ReactNode;
  closeLabel: string;
  onClose(): void;
}) {
  return (
    <div className="lite-error-notice" role="alert">
      <ErrorIcon />
      <span className="lite-error-notice-text">{children}</span>
      <button
        type="button"
        className="lite-error-notice-close"
        aria-label={closeLabel}
        onClick={onClose}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
