import { Group } from 'react-konva';
import { FieldFrame } from '../common-view';
import { FieldText } from '../text/view';
import type { ElementViewProps } from '../view-types';

/** A date field: shows the chosen format (yyyy-MM-dd, …) until a date is filled in. */
export function DateView(props: ElementViewProps) {
  const { element, mode } = props;
  const value = element.value || element.previewConfig.value;
  return (
    <Group>
      <FieldFrame {...props} />
      <FieldText
        element={element}
        text={value || (mode === 'preview' ? '' : element.config.dateFormat)}
        placeholder={!value}
      />
    </Group>
  );
}
