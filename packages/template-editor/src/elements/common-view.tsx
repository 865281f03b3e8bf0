import type { ReactNode } from 'react';
import { Group, Image as KonvaImage, Rect, Text } from 'react-konva';
import { useImage } from '../react/canvas/useImage';
import type { ElementViewProps } from './view-types';

/** The frame every field shares: its party's tint and outline, the party letter and the required mark. */
export function FieldFrame({ element, mode, color, t }: ElementViewProps) {
  const { width, height } = element.commonStyle;
  const design = mode === 'design';
  const badge = Math.min(14, height, width);
  return (
    <Group listening={false}>
      <Rect
        width={width}
        height={height}
        fill={
          element.config.backgroundColor ||
          (mode === 'preview' ? undefined : hexWithAlpha(color, 0.08))
        }
        stroke={element.config.outLineColor || (mode === 'preview' ? undefined : color)}
        strokeWidth={1}
        dash={design ? [4, 3] : undefined}
        strokeScaleEnabled={false}
      />
      {mode !== 'preview' && badge >= 8 ? (
        <Group>
          <Rect width={badge} height={badge} fill={color} cornerRadius={[0, 0, 3, 0]} />
          <Text
            text={element.config.party}
            width={badge}
            height={badge}
            align="center"
            verticalAlign="middle"
            fontSize={badge * 0.72}
            fontStyle="bold"
            fill="#ffffff"
          />
        </Group>
      ) : null}
      {mode !== 'preview' && element.config.required && width > 20 ? (
        <Text
          text="*"
          x={width - 10}
          y={1}
          width={9}
          fontSize={12}
          fontStyle="bold"
          fill="#cf1322"
          name={t('field.required')}
        />
      ) : null}
    </Group>
  );
}

/**
 * A field that shows a picture over its whole box once `url` has loaded (an uploaded image, a
 * signature, the chosen seal), and `placeholder` until then.
 */
export function PictureView({
  url,
  placeholder,
  ...props
}: ElementViewProps & { url: string | undefined; placeholder: ReactNode }) {
  const { width, height } = props.element.commonStyle;
  const { image } = useImage(url);
  return (
    <Group>
      <FieldFrame {...props} />
      {image ? (
        <KonvaImage image={image} width={width} height={height} listening={false} />
      ) : (
        placeholder
      )}
    </Group>
  );
}

/** `#rrggbb` with an alpha, for tints of a party colour. */
export function hexWithAlpha(hex: string, alpha: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) return hex;
  const value = Number.parseInt(match[1]!, 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}
