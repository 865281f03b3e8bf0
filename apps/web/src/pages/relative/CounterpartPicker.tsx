import type { Counterpart, CounterpartKind } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { counterpartQueries } from '../../api/counterparts';
import { useSession } from '../../session';
import './relative.css';

/** How long the picker waits after a keystroke before it asks the server. */
export const PICKER_DEBOUNCE_MS = 250;

/**
 * A search over the console's counterpart book beside a party of the initiating screens: it
 * offers the newest counterparts of the party's kind when opened and those matching what is typed
 * (name, phone, company, manager) as it is typed; a blacklisted one is shown, out of use, with the
 * reason. Picking one hands it to `onPick`, which fills the party's fields.
 */
export function CounterpartPicker({
  id,
  kind,
  label,
  onPick,
}: {
  /** The field's id (unique on the page: each party has its own picker). */
  id: string;
  kind: CounterpartKind;
  /** The picker's accessible name (which party it fills). */
  label: string;
  onPick(counterpart: Counterpart): void;
}) {
  const { t } = useTranslation();
  const companyId = useSession((state) => state.companyId);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), PICKER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const offer = useQuery({ ...counterpartQueries.pick(companyId, kind, keyword), enabled: open });
  const found = offer.data ?? [];
  const waiting = offer.isFetching || keyword !== typed.trim();

  return (
    <Select<string>
      id={id}
      className="launch-picker"
      aria-label={label}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      value={null}
      open={open}
      onOpenChange={setOpen}
      placeholder={t(
        kind === 'person'
          ? 'counterparts.picker.placeholder'
          : 'counterparts.picker.companyPlaceholder',
      )}
      notFoundContent={waiting ? <Spin size="small" /> : t('counterparts.picker.none')}
      loading={waiting && open}
      options={found.map((counterpart) => ({
        value: counterpart.id,
        disabled: counterpart.status === 'blacklist',
        title: counterpart.name,
        label: (
          <span className="launch-picker-option">
            <strong>{counterpart.name}</strong>
            <span className="launch-picker-meta">
              {[
                counterpart.kind === 'company' ? counterpart.managerName : '',
                counterpart.phone || counterpart.email,
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
            {counterpart.status === 'blacklist' ? (
              <span className="launch-picker-reason">
                {t('counterparts.picker.blacklisted', {
                  reason: counterpart.blacklistReason ?? '',
                })}
              </span>
            ) : null}
          </span>
        ),
      }))}
      onSelect={(id) => {
        const picked = found.find((counterpart) => counterpart.id === id);
        setTyped('');
        setOpen(false);
        if (picked) onPick(picked);
      }}
    />
  );
}
