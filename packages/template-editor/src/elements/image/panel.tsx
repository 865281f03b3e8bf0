import { IMAGE_TYPES, type ImageTypeKey } from '../../core';
import { useEditor } from '../../react/context';
import { SelectField } from '../../react/panels/controls';
import type { ElementPanelProps } from '../panel-types';

/** An image field's own property: what the party uploads (a photo, an identity card…). */
export function ImagePanel({ element, id, update }: ElementPanelProps) {
  const { t, locale } = useEditor();
  return (
    <SelectField
      id={`${id}-image`}
      label={t('properties.imageType')}
      value={element.config.imageType}
      options={IMAGE_TYPES.map((type) => ({ value: type.key, label: type.label[locale] }))}
      apply={(imageType) => update({ config: { imageType: imageType as ImageTypeKey } })}
    />
  );
}
