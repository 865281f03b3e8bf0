import { Circle, Group, Text } from 'react-konva';
import { PictureView } from '../common-view';
import type { ElementViewProps } from '../view-types';

/** The placeholder circle's dash (one array, so a re-render sets nothing). */
const DASH = [6, 4];

/**
 * The round stamp a seal field shows until a seal is chosen: a dashed circle in the party's colour
 * with "Seal" and the party letter, centred in a `width` × `height` box whose left edge is at `x`.
 */
export function SealPlaceholder({
  x = 0,
  width,
  height,
  color,
  text,
}: {
  x?: number;
  width: number;
  height: number;
  color: string;
  text: string;
}) {
  const radius = Math.min(width, height) / 2 - 2;
  return (
    <>
      <Circle
        x={x + width / 2}
        y={height / 2}
        radius={Math.max(radius, 4)}
        stroke={color}
        strokeWidth={2}
        dash={DASH}
      />
      <Text
        text={text}
        x={x}
        width={width}
        height={height}
        align="center"
        verticalAlign="middle"
        fontSize={Math.max(8, Math.min(18, radius / 3))}
        fontStyle="bold"
        fill={color}
      />
    </>
  );
}

/** A seal field: the chosen seal's image, else a round stamp placeholder in the party's colour. */
export function SealView(props: ElementViewProps) {
  const { element, sealImageUrl, color, t } = props;
  const { width, height } = element.commonStyle;
  return (
    <PictureView
      {...props}
      url={sealImageUrl}
      placeholder={
        <Group listening={false}>
          <SealPlaceholder
            width={width}
            height={height}
            color={color}
            text={`${t('field.sealPlaceholder')}\n${element.config.party}`}
          />
        </Group>
      }
    />
  );
}
