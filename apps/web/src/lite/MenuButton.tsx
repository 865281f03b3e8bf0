import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { CheckIcon } from './icons';
import { movedIndex } from './keys';

export interface MenuChoice {
  key: string;
  label: string;
}

/**
 * A button that opens a menu of choices, as WAI-ARIA's menu button pattern has it: the menu opens
 * on click, Enter, Space or the down arrow with the chosen item focused; arrows, Home and End move;
 * Escape or a click elsewhere closes it and gives the focus back to the button.
 */
export function MenuButton({
  label,
  icon,
  text,
  choices,
  chosen,
  onChoose,
}: {
  /** What the button chooses: its accessible name, before the text it shows if any. */
  label: string;
  icon?: ReactNode;
  /** What the button shows beside its icon. */
  text?: ReactNode;
  choices: readonly MenuChoice[];
  chosen: string;
  onChoose: (key: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const index = Math.max(
      0,
      choices.findIndex((choice) => choice.key === chosen),
    );
    items.current[index]?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, choices, chosen]);

  const onMenuKey = (event: KeyboardEvent, index: number) => {
    const next = movedIndex(event.key, index, choices.length, 'vertical');
    if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      close(event.key === 'Escape');
      return;
    }
    if (next === null) return;
    event.preventDefault();
    items.current[next]?.focus();
  };

  return (
    <span className="lite-menu-root" ref={root}>
      <button
        ref={button}
        type="button"
        className="lite-button lite-button-text"
        // A name that holds what the button shows (WCAG 2.5.3): "Language: English".
        aria-label={text ? undefined : label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {icon}
        {text ? (
          <>
            <span className="lite-visually-hidden">{label}: </span>
            {text}
          </>
        ) : null}
      </button>
      {open ? (
        <div role="menu" id={menuId} aria-label={label} className="lite-menu">
          {choices.map((choice, index) => (
            <button
              key={choice.key}
              ref={(node) => {
                items.current[index] = node;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-current={choice.key === chosen || undefined}
              className={
                choice.key === chosen ? 'lite-menu-item lite-menu-chosen' : 'lite-menu-item'
              }
              onClick={() => {
                close(true);
                onChoose(choice.key);
              }}
              onKeyDown={(event) => onMenuKey(event, index)}
            >
              <span>{choice.label}</span>
              {choice.key === chosen ? <CheckIcon /> : null}
            </button>
          ))}
        </div>
      ) : null}
    </span>
  );
}
