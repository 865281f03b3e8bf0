import { useMemo } from 'react';
import { hasOwnPlace, sealCopiesElsewhere } from '../../core';
import { actionNamed } from '../../react/actions';
import { useEditor, useProjectState } from '../../react/context';
import type { ElementPanelProps } from '../panel-types';
import { SealChoice } from './SealChoice';

/**
 * A seal field's own properties: the seal it previews and that seal's picture, and where this
 * page's copy sits: at the same place as on every page (moving it moves them all), or on its own.
 */
export function SealPanel(props: ElementPanelProps) {
  const context = useEditor();
  const { t } = context;
  const pages = useProjectState((s) => s.project.pages);
  const { element } = props;
  const alone = hasOwnPlace(element);
  const elsewhere = useMemo(
    () => (alone ? 0 : sealCopiesElsewhere(pages, element).length),
    [alone, pages, element],
  );
  const next = alone || elsewhere > 0 ? 'samePlaceOnEveryPage' : 'placeOnThisPageOnly';
  return (
    <>
      <SealChoice {...props} />
      <div className="esign-te__seal-place" data-own-place={alone || undefined}>
        <p className="esign-te__note" role="status">
          {alone
            ? t('properties.ownPlace')
            : elsewhere > 0
              ? t('properties.copiesApart', { count: elsewhere })
              : t('properties.allPages')}
        </p>
        <button
          type="button"
          className="esign-te__icon-text"
          onClick={() => actionNamed(next).perform(context)}
        >
          {t(`action.${next}`)}
        </button>
      </div>
    </>
  );
}
