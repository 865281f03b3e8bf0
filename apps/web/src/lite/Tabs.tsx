import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { movedIndex } from './keys';

export interface TabItem {
  key: string;
  label: string;
  content: ReactNode;
}

/**
 * Tabs as WAI-ARIA's tab pattern has them: arrow keys, Home and End move between tabs and select
 * them; only the selected tab's panel is rendered (a form left behind starts afresh).
 */
export function Tabs({ label, items }: { label: string; items: readonly TabItem[] }) {
  const [active, setActive] = useState(items[0]?.key);
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = items.find((item) => item.key === active) ?? items[0];

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const next = movedIndex(event.key, index, items.length, 'horizontal');
    if (next === null) return;
    event.preventDefault();
    setActive(items[next]!.key);
    tabs.current[next]?.focus();
  };

  return (
    <div className="lite-tabs">
      <div role="tablist" aria-label={label} className="lite-tablist">
        {items.map((item, index) => {
          const selected = item.key === current?.key;
          return (
            <button
              key={item.key}
              ref={(node) => {
                tabs.current[index] = node;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${item.key}`}
              aria-controls={`${base}-panel-${item.key}`}
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              className={selected ? 'lite-tab lite-tab-active' : 'lite-tab'}
              onClick={() => setActive(item.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {current ? (
        <div
          role="tabpanel"
          id={`${base}-panel-${current.key}`}
          aria-labelledby={`${base}-tab-${current.key}`}
          className="lite-tabpanel"
        >
          {current.content}
        </div>
      ) : null}
    </div>
  );
}
