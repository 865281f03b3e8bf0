import { Group, Text } from 'react-konva';
import { FONT_FAMILIES } from '../../core';
import { FieldFrame } from '../common-view';
import type { ElementViewProps } from '../view-types';

/** CSS font stack of a stored font family value. */
export function fontStack(value: string): string {
  return FONT_FAMILIES.find((font) => font.value === value)?.css ?? value;
}

/** A text field: its title as a placeholder while empty, its value once filled. */
export function TextView(props: ElementViewProps) {
  const { element, mode } = props;
  const style = element.commonStyle;
  const value = element.value || element.previewConfig.value;
  const placeholder = !value;
  const shown = placeholder ? (mode === 'preview' ? '' : element.title) : value;
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
        fill={placeholder ? '#8c8c8c' : style.color}
        opacity={style.opacity}
        wrap="char"
        ellipsis
        listening={false}
      />
    </Group>
  );
}
