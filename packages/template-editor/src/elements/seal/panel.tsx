import { useEditor } from '../../react/context';
import type { ElementPanelProps } from '../panel-types';
import { SealChoice } from './SealChoice';

/** A seal field's own properties: the seal it previews and that seal's picture. */
export function SealPanel(props: ElementPanelProps) {
  const { t } = useEditor();
  return (
    <>
      <SealChoice {...props} />
      <p className="esign-te__note">{t('properties.allPages')}</p>
    </>
  );
}
