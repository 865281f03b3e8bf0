import { DATE_FORMATS, type DateFormat } from '../../core';
import { useEditor } from '../../react/context';
import { formatDate } from '../../core/fill';
import { SelectField, TypographyGroup } from '../../react/panels/controls';
import type { ElementPanelProps } from '../panel-types';

/** The date the format choices are shown with. */
const EXAMPLE_DATE = '2025-03-01';

/** A date field's own properties: its type style and, inside the same group, its format. */
export function DatePanel({ element, id, update }: ElementPanelProps) {
  const { t } = useEditor();
  return (
    <TypographyGroup id={id} styles={[element.commonStyle]} update={update}>
      <SelectField
        id={`${id}-format`}
        label={t('properties.dateFormat')}
        value={element.config.dateFormat}
        options={DATE_FORMATS.map((format) => ({
          value: format,
          label: formatDate(EXAMPLE_DATE, format),
        }))}
        apply={(dateFormat) => update({ config: { dateFormat: dateFormat as DateFormat } })}
      />
    </TypographyGroup>
  );
}
