import { Group, Text } from 'react-konva';
import { FieldFrame } from '../common-view';
import { fontStack } from '../text/view';
import type { ElementViewProps } from '../view-types';

/** A date field: shows the chosen format (yyyy-MM-dd, …) until a date is filled in. */
export function DateView(props: ElementViewProps) {
  const { element, mode } = props;
  const style = element.commonStyle;
  const value = element.value || element.previewConfig.value;
  const shown = value || (mode === 'preview' ? '' : element.config.dateFormat);
  return (
    <Group>
      <FieldFrame {...props} />
      <Text
        text={shown}
        width={style.width}
        height={style.height}
        padding={Math.max(2, style.padding)}
        fontFamily={fontStack(style.fontFamily)}
        fontSize={style.fontSize}
        lineHeight={style.lineHeight}
        align={style.textAlign}
        verticalAlign="middle"
        fill={value ? style.color : '#8c8c8c'}
        opacity={style.opacity}
        listening={false}
      />
    </Group>
  );
}
