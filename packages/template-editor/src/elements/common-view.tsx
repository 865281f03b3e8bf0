import type Konva from 'konva';
import { useMemo, type ReactNode } from 'react';
import { Group, Image as KonvaImage, Shape } from 'react-konva';
import { useImage } from '../react/canvas/useImage';
import type { ElementViewProps } from './view-types';

/** What the frame of a field draws, worked out once per render. */
interface FrameLook {
  width: number;
  height: number;
  fill: string | undefined;
  stroke: string | undefined;
  dashed: boolean;
  /** The party badge's side (0: none), its colour and letter. */
  badge: number;
  color: string;
  party: string;
  required: boolean;
}

/**
 * Draws a field's frame in one go: its tint and outline (1 screen pixel whatever the zoom, dashed
 * in design), the party badge with its letter and the required mark. One Konva shape instead of
 * five: a page of 2,000 fields redraws in a fraction of the time (the drag bench drops a field
 * among 2,000, which redraws the page's layer).
 */
function drawFrame(context: Konva.Context, shape: Konva.Shape, look: FrameLook) {
  const ctx = context._context;
  const scale = Math.abs(shape.getAbsoluteScale().x) || 1;
  const { width, height } = look;
  if (look.fill) {
    ctx.fillStyle = look.fill;
    ctx.fillRect(0, 0, width, height);
  }
  if (look.stroke) {
    ctx.save();
    ctx.lineWidth = 1 / scale;
    ctx.setLineDash(look.dashed ? [4 / scale, 3 / scale] : []);
    ctx.strokeStyle = look.stroke;
    ctx.strokeRect(0, 0, width, height);
    ctx.restore();
  }
  if (look.badge > 0) {
    const side = look.badge;
    const radius = Math.min(3, side / 2);
    ctx.fillStyle = look.color;
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.lineTo(side, 0);
    ctx.lineTo(side, side - radius);
    ctx.arcTo(side, side, side - radius, side, radius);
    ctx.lineTo(0, side);
    ctx.closePath();
    ctx.fill();
    ctx.fillStyle = '#ffffff';
    ctx.font = `bold ${side * 0.72}px Arial, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(look.party, side / 2, side / 2 + side * 0.04);
  }
  if (look.required) {
    ctx.fillStyle = '#cf1322';
    ctx.font = 'bold 12px Arial, sans-serif';
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.fillText('*', width - 10, 1);
  }
}

/** The frame every field shares: its party's tint and outline, the party letter and the required mark. */
export function FieldFrame({ element, mode, color, t }: ElementViewProps) {
  const { width, height } = element.commonStyle;
  const preview = mode === 'preview';
  const badge = Math.min(14, height, width);
  const fill = element.config.backgroundColor || (preview ? undefined : hexWithAlpha(color, 0.08));
  const stroke = element.config.outLineColor || (preview ? undefined : color);
  const dashed = mode === 'design';
  const side = !preview && badge >= 8 ? badge : 0;
  const party = element.config.party;
  const required = !preview && element.config.required && width > 20;
  // The same drawing function while the look stays: a field that only moved sets its position
  // alone, and its page is not redrawn for it (see canvas/dragLayer.ts).
  const sceneFunc = useMemo(() => {
    const look: FrameLook = {
      width,
      height,
      fill,
      stroke,
      dashed,
      badge: side,
      color,
      party,
      required,
    };
    return (context: Konva.Context, shape: Konva.Shape) => drawFrame(context, shape, look);
  }, [width, height, fill, stroke, dashed, side, color, party, required]);
  return (
    <Shape
      name={required ? `field-frame ${t('field.required')}` : 'field-frame'}
      width={width}
      height={height}
      listening={false}
      sceneFunc={sceneFunc}
    />
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
