import { Group, Text } from 'react-konva';
import { FONT_FAMILIES, type TemplateElement } from '../../core';
import { FieldFrame } from '../common-view';
import type { ElementViewProps } from '../view-types';

/** CSS font stack of a stored font family value. */
export function fontStack(value: string): string {
  return FONT_FAMILIES.find((font) => font.value === value)?.css ?? value;
}

/**
 * A field's text in its own face, size, colour, alignment and line height, wrapped inside its box
 * (as the PDF writer wraps it); a placeholder is drawn grey.
 */
export function FieldText({
  element,
  text,
  placeholder,
}: {
  element: TemplateElement;
  text: string;
  placeholder: boolean;
}) {
  const style = element.commonStyle;
  return (
    <Text
      text={text}
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
  );
}

/**
 * A field whose value is text: the value once filled, else `placeholder` in grey (nothing in
 * preview). Text and date fields differ only in their placeholder.
 */
export function TextValueView({
  placeholder,
  ...props
}: ElementViewProps & { placeholder: string }) {
  const { element, mode } = props;
  const value = element.value || element.previewConfig.value;
  return (
    <Group>
      <FieldFrame {...props} />
      <FieldText
        element={element}
        text={value || (mode === 'preview' ? '' : placeholder)}
        placeholder={!value}
      />
    </Group>
  );
}

/** A text field: its title as a placeholder while empty, its value once filled. */
export function TextView(props: ElementViewProps) {
  return <TextValueView {...props} placeholder={props.element.title} />;
}
