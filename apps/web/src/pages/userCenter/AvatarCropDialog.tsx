import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Modal, Slider } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { claimFailure } from '../../api/client';
import { uploadAvatar } from '../../api/userCenter';
import { FormRefusal } from '../../forms/FormRefusal';
import {
  AVATAR_SIDE,
  MAX_ZOOM,
  MIN_ZOOM,
  initialCrop,
  moveCrop,
  scaleOf,
  sourceSquare,
  zoomCrop,
  type CropState,
} from './avatarCrop';

const VIEWPORT = 240;
const KEY_STEP = 10;

/** The cropped square as a PNG of `AVATAR_SIDE` pixels. */
function cropToBlob(image: HTMLImageElement, crop: CropState): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIDE;
  canvas.height = AVATAR_SIDE;
  const { sx, sy, side } = sourceSquare(crop);
  canvas.getContext('2d')!.drawImage(image, sx, sy, side, side, 0, 0, AVATAR_SIDE, AVATAR_SIDE);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/png'),
  );
}

/**
 * Crops the chosen picture to a square (drag or arrow keys to move, slider or +/− to zoom) and
 * uploads what the square shows. Mounted once per chosen file.
 */
export function AvatarCropDialog({
  file,
  onClose,
  onUnreadable,
  onSaved,
}: {
  /** A PNG or JPEG already judged by its bytes and size; the dialog is shown while mounted. */
  file: File;
  onClose(): void;
  /** The picture cannot be read after all: the page says so (the dialog has nothing to show). */
  onUnreadable(text: string): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [source, setSource] = useState('');
  const [crop, setCrop] = useState<CropState | null>(null);
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);

  const onLoad = () => {
    const element = image.current!;
    setCrop(initialCrop(element.naturalWidth, element.naturalHeight, VIEWPORT));
  };
  const onError = () => onUnreadable(t('userCenterPage.crop.unreadable'));
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });
  // Read as a data: URL (at most 2 MB): nothing to release when the dialog goes.
  useEffect(() => {
    const reader = new FileReader();
    reader.onload = () => setSource(String(reader.result));
    reader.onerror = () => onErrorRef.current();
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current || !crop) return;
    const dx = event.clientX - drag.current.x;
    const dy = event.clientY - drag.current.y;
    drag.current = { x: event.clientX, y: event.clientY };
    setCrop(moveCrop(crop, dx, dy));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!crop) return;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [KEY_STEP, 0],
      ArrowRight: [-KEY_STEP, 0],
      ArrowUp: [0, KEY_STEP],
      ArrowDown: [0, -KEY_STEP],
    };
    const move = moves[event.key];
    if (move) setCrop(moveCrop(crop, move[0], move[1]));
    else if (event.key === '+' || event.key === '=') setCrop(zoomCrop(crop, crop.zoom + 0.1));
    else if (event.key === '-') setCrop(zoomCrop(crop, crop.zoom - 0.1));
    else return;
    event.preventDefault();
  };

  const save = async () => {
    if (!crop || !image.current || saving) return;
    setSaving(true);
    setRefused(null);
    try {
      await uploadAvatar(await cropToBlob(image.current, crop));
      void message.success(t('userCenterPage.crop.saved'));
      onSaved();
    } catch (error) {
      // The server's refusal stays in the dialog, beside the picture, until saved again or closed.
      const text = claimFailure(error);
      if (text === null) throw error;
      setRefused(text);
    } finally {
      setSaving(false);
    }
  };

  const scale = crop ? scaleOf(crop) : 1;
  return (
    <Modal
      open
      title={t('userCenterPage.crop.title')}
      okText={t('userCenterPage.crop.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !crop }}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="user-center-hint">{t('userCenterPage.crop.hint')}</p>
      <div
        className="avatar-crop-viewport"
        style={{ width: VIEWPORT, height: VIEWPORT }}
        role="application"
        aria-label={t('userCenterPage.crop.area')}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onKeyDown={onKeyDown}
      >
        {source ? (
          <img
            ref={image}
            src={source}
            alt=""
            draggable={false}
            onLoad={onLoad}
            onError={onError}
            style={
              crop
                ? {
                    width: crop.imageWidth * scale,
                    height: crop.imageHeight * scale,
                    transform: `translate(${crop.x}px, ${crop.y}px)`,
                  }
                : { visibility: 'hidden' }
            }
          />
        ) : null}
      </div>
      <div className="avatar-crop-zoom">
        <MinusOutlined aria-hidden />
        <Slider
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.05}
          value={crop?.zoom ?? MIN_ZOOM}
          disabled={!crop}
          tooltip={{ formatter: (value) => `${Math.round((value ?? 1) * 100)}%` }}
          ariaLabelForHandle={t('userCenterPage.crop.zoom')}
          onChange={(zoom) => crop && setCrop(zoomCrop(crop, zoom))}
        />
        <PlusOutlined aria-hidden />
      </div>
      <FormRefusal
        refusal={
          refused === null ? null : { text: refused, field: null, dismiss: () => setRefused(null) }
        }
      />
    </Modal>
  );
}
