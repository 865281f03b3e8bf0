import { ClearOutlined, UndoOutlined } from '@ant-design/icons';
import { SEAL_INKS } from '@esign/platform';
import { Button, Radio, Segmented, Space } from 'antd';
import SignaturePadEngine from 'signature_pad';
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import './seals.css';

/** The pen's widths: each a signature_pad range, thinner when the pen moves fast. */
export const PEN_WIDTHS = {
  thin: { minWidth: 0.6, maxWidth: 2 },
  medium: { minWidth: 1, maxWidth: 3.5 },
  thick: { minWidth: 2, maxWidth: 6 },
} as const;
export type PenWidth = keyof typeof PEN_WIDTHS;

/** The inks a hand may sign in: the template seals' own. */
export const PEN_COLOURS = ['black', 'blue', 'red'] as const;
export type PenColour = (typeof PEN_COLOURS)[number];

/** What a parent may do to the pad through its `ref`, beside the pad's own buttons. */
export interface SignaturePadHandle {
  /** Takes back the last stroke. */
  undo(): void;
  /** Wipes every stroke. */
  clear(): void;
  /** Whether nothing is drawn. */
  isEmpty(): boolean;
}

/** A drawing pad's settings. */
export interface SignaturePadProps {
  /**
   * Told after every stroke, undo and clear: the drawing as a PNG on a transparent background,
   * cropped to the strokes with a small margin, or `null` once the pad is blank.
   */
  onChange(png: Blob | null): void;
  /** The pad's height in CSS pixels (its width fills the parent): 240 unless told. */
  height?: number;
  /** Whether the pen's width and colour may be chosen (black, medium when not): true unless told. */
  penChoices?: boolean;
  /** The canvas's accessible name: 'Signature drawing area' unless told. */
  label?: string;
  /** Undo and clear for a parent's own controls. */
  ref?: Ref<SignaturePadHandle>;
}

// Room around the strokes in the PNG, in canvas pixels: a stroke's edge is not cut off.
const CROP_MARGIN = 8;

/**
 * The drawing's pixels cropped to where ink is: a seal is placed on a contract by its image's
 * box, which blank margins would make look smaller and off-centre.
 */
function croppedPng(canvas: HTMLCanvasElement): Promise<Blob | null> {
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0 || canvas.height === 0) return Promise.resolve(null);
  const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3] === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  if (right < 0) return Promise.resolve(null);
  left = Math.max(0, left - CROP_MARGIN);
  top = Math.max(0, top - CROP_MARGIN);
  right = Math.min(width - 1, right + CROP_MARGIN);
  bottom = Math.min(height - 1, bottom + CROP_MARGIN);
  const crop = document.createElement('canvas');
  crop.width = right - left + 1;
  crop.height = bottom - top + 1;
  crop
    .getContext('2d')!
    .drawImage(canvas, left, top, crop.width, crop.height, 0, 0, crop.width, crop.height);
  return new Promise((resolve) => crop.toBlob(resolve, 'image/png'));
}

/**
 * A handwriting pad (signature_pad: smooth strokes that thin as the pen speeds up) with Undo and
 * Clear, and the pen's width and colour when `penChoices`. It fills its parent's width, keeps its
 * strokes when resized, and hands its drawing out as a transparent PNG through `onChange`. Used
 * for personal signatures (desktop and phone) and handwritten company seals.
 */
export function SignaturePad({
  onChange,
  height = 240,
  penChoices = true,
  label,
  ref,
}: SignaturePadProps) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePadEngine | null>(null);
  const [empty, setEmpty] = useState(true);
  const [penWidth, setPenWidth] = useState<PenWidth>('medium');
  const [penColour, setPenColour] = useState<PenColour>('black');

  // The newest listener, for the engine's events bound once.
  const listener = useRef(onChange);
  useEffect(() => {
    listener.current = onChange;
  });
  // Only the newest drawing's PNG is handed out: toBlob may answer out of order.
  const exportRun = useRef(0);
  const changed = useCallback(() => {
    const engine = pad.current;
    const element = canvas.current;
    if (!engine || !element) return;
    const run = ++exportRun.current;
    const blank = engine.isEmpty();
    setEmpty(blank);
    if (blank) {
      listener.current(null);
      return;
    }
    void croppedPng(element).then((png) => {
      if (run === exportRun.current) listener.current(png);
    });
  }, []);

  useEffect(() => {
    const element = canvas.current!;
    const engine = new SignaturePadEngine(element, {
      ...PEN_WIDTHS.medium,
      penColor: SEAL_INKS.black,
      minDistance: 2,
    });
    pad.current = engine;
    engine.addEventListener('endStroke', changed);
    // The canvas's pixels follow its CSS size and the screen's density (else strokes blur or
    // land away from the pen); the strokes are kept as points and drawn again.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const { width, height: shownHeight } = element.getBoundingClientRect();
      const pixelWidth = Math.round(width * ratio);
      const pixelHeight = Math.round(shownHeight * ratio);
      if (pixelWidth === element.width && pixelHeight === element.height) return;
      const strokes = engine.toData();
      element.width = pixelWidth;
      element.height = pixelHeight;
      element.getContext('2d')!.scale(ratio, ratio);
      engine.fromData(strokes);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(frame.current!);
    return () => {
      observer.disconnect();
      engine.removeEventListener('endStroke', changed);
      engine.off();
      pad.current = null;
    };
  }, [changed]);

  useEffect(() => {
    const engine = pad.current;
    if (!engine) return;
    Object.assign(engine, PEN_WIDTHS[penWidth], { penColor: SEAL_INKS[penColour] });
  }, [penWidth, penColour]);

  const undo = useCallback(() => {
    const engine = pad.current;
    if (!engine || engine.isEmpty()) return;
    engine.fromData(engine.toData().slice(0, -1));
    changed();
  }, [changed]);
  const clear = useCallback(() => {
    pad.current?.clear();
    changed();
  }, [changed]);
  useImperativeHandle(ref, () => ({ undo, clear, isEmpty: () => pad.current?.isEmpty() ?? true }), [
    undo,
    clear,
  ]);

  return (
    <div className="signature-pad">
      <div className="signature-pad-frame" ref={frame} style={{ height }}>
        <canvas
          ref={canvas}
          className="signature-pad-canvas"
          role="img"
          aria-label={label ?? t('sealsPage.pad.area')}
        />
        {empty ? (
          <span className="signature-pad-placeholder" aria-hidden>
            {t('sealsPage.pad.placeholder')}
          </span>
        ) : null}
      </div>
      <div className="signature-pad-tools">
        <Space wrap>
          <Button icon={<UndoOutlined aria-hidden />} disabled={empty} onClick={undo}>
            {t('sealsPage.pad.undo')}
          </Button>
          <Button icon={<ClearOutlined aria-hidden />} disabled={empty} onClick={clear}>
            {t('sealsPage.pad.clear')}
          </Button>
        </Space>
        {penChoices ? (
          <Space wrap>
            <Segmented<PenWidth>
              aria-label={t('sealsPage.pad.width')}
              value={penWidth}
              onChange={setPenWidth}
              options={(Object.keys(PEN_WIDTHS) as PenWidth[]).map((width) => ({
                value: width,
                label: t(`sealsPage.pad.widths.${width}`),
              }))}
            />
            <Radio.Group
              aria-label={t('sealsPage.pad.colour')}
              value={penColour}
              onChange={(event) => setPenColour(event.target.value as PenColour)}
              optionType="button"
              options={PEN_COLOURS.map((colour) => ({
                value: colour,
                label: (
                  <span className="signature-pad-ink">
                    <span
                      className="signature-pad-swatch"
                      style={{ background: SEAL_INKS[colour] }}
                      aria-hidden
                    />
                    {t(`sealsPage.pad.colours.${colour}`)}
                  </span>
                ),
              }))}
            />
          </Space>
        ) : null}
      </div>
      <p className="signature-pad-hint">{t('sealsPage.pad.hint')}</p>
    </div>
  );
}
