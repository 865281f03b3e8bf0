import {
  useEffect,
  useEffectEvent,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import {
  DATE_FORMATS,
  FONT_FAMILIES,
  FONT_SIZES,
  IMAGE_TYPES,
  PARTIES,
  PARTY_COLORS,
  type DateFormat,
  type ElementPatch,
  type ElementStyle,
  type FontFamilyValue,
  type ImageTypeKey,
  type Party,
  type ReorderDirection,
  type TemplateElement,
  type TemplateProject,
} from '../../core';
import { useEditor, useProjectState } from '../context';
import { formatDate } from '../dates';
import { Icon, type IconName } from '../icons';
import {
  CheckField,
  DraftInput,
  NumberField,
  SelectField,
  TextField,
  shared,
  useGuardedCommand,
  type Option,
} from './controls';

interface Located {
  element: TemplateElement;
  pageIndex: number;
  /** Position in the page's paint order (0 = bottom). */
  index: number;
  /** How many elements the page holds. */
  count: number;
}

function locate(project: TemplateProject, ids: readonly string[]): Located[] {
  if (ids.length === 0) return [];
  const order = new Map(ids.map((id, index) => [id, index]));
  const found: Located[] = [];
  project.pages.forEach((page, pageIndex) => {
    page.elements.forEach((element, index) => {
      if (order.has(element.uuid))
        found.push({ element, pageIndex, index, count: page.elements.length });
    });
  });
  return found.sort((a, b) => order.get(a.element.uuid)! - order.get(b.element.uuid)!);
}

/** The date the date-format choices are shown with. */
const EXAMPLE_DATE = '2025-03-01';

const isTyped = (element: TemplateElement) =>
  element.elName === 'text' || element.elName === 'date';

/**
 * The settings of the selected fields: everything of one field, or what several share (applied to
 * all of them). Every change is one `updateElements` call, so one undo step.
 */
export function PropertiesPanel() {
  const { t, view, store } = useEditor();
  const project = useProjectState((s) => s.project);
  const selection = useProjectState((s) => s.selection);
  const located = useMemo(() => locate(project, selection), [project, selection]);
  const headingId = useId();
  const nameInput = useRef<HTMLInputElement>(null);

  // A double-click on the canvas opens a field's settings: focus its name.
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  useEffect(
    () =>
      view.subscribe((state, previous) => {
        if (state.settingsFor && state.settingsRequest !== previous.settingsRequest)
          setFocusRequest({ id: state.settingsFor });
      }),
    [view],
  );
  useEffect(() => {
    if (!focusRequest) return;
    const selected = store.getState().selection;
    if (selected.length !== 1 || selected[0] !== focusRequest.id) return;
    nameInput.current?.focus();
    nameInput.current?.select();
  }, [focusRequest, store]);

  let body: ReactNode;
  if (located.length === 0) body = <p>{t('properties.none')}</p>;
  else if (located.length === 1)
    body = (
      <ElementSettings key={located[0]!.element.uuid} item={located[0]!} nameRef={nameInput} />
    );
  else body = <SharedSettings key={selection.join(' ')} items={located} />;

  return (
    <section className="esign-te__panel esign-te__properties" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('properties.title')}</h2>
      {body}
    </section>
  );
}

function useUpdate(ids: readonly string[]) {
  const { store } = useEditor();
  return (patch: ElementPatch) => store.getState().updateElements(ids, patch);
}

function partyOptions(t: ReturnType<typeof useEditor>['t'], project: TemplateProject): Option[] {
  return PARTIES.map((party) => {
    const name = project.participants.find((p) => p.party === party)?.name;
    const label = t('participants.party', { party });
    return { value: party, label: name ? `${label} · ${name}` : label };
  });
}

function PartyLabel({ party }: { party: Party | null }) {
  const { t } = useEditor();
  return (
    <>
      {t('properties.party')}
      {party ? (
        <span
          className="esign-te__swatch"
          style={{ background: PARTY_COLORS[party] }}
          aria-hidden="true"
        />
      ) : null}
    </>
  );
}

/** All the settings of one field. */
function ElementSettings({ item, nameRef }: { item: Located; nameRef: Ref<HTMLInputElement> }) {
  const { t, locale, seals } = useEditor();
  const project = useProjectState((s) => s.project);
  const { element } = item;
  const id = useId();
  const update = useUpdate([element.uuid]);
  const { config, previewConfig: preview, commonStyle: style } = element;
  const kind = element.elName;
  const chosenSeal = seals.find((seal) => seal.id === preview.sealId);

  return (
    <>
      <p className="esign-te__kind">
        <Icon name={kind} />
        <span>{t(`kind.${kind}`)}</span>
        <span aria-hidden="true">·</span>
        <span>{t('pages.page', { number: item.pageIndex + 1 })}</span>
      </p>
      <TextField
        ref={nameRef}
        id={`${id}-name`}
        label={t('properties.name')}
        value={element.title}
        apply={(title) => update({ title })}
      />
      <TextField
        id={`${id}-tip`}
        label={t('properties.tip')}
        value={config.tip}
        apply={(tip) => update({ config: { tip } })}
      />
      <div className="esign-te__row">
        <SelectField
          id={`${id}-party`}
          label={<PartyLabel party={config.party} />}
          value={config.party}
          options={partyOptions(t, project)}
          apply={(party) => update({ config: { party: party as Party } })}
        />
        <CheckField
          id={`${id}-required`}
          label={t('properties.required')}
          checked={config.required}
          apply={(required) => update({ config: { required } })}
        />
      </div>

      {isTyped(element) ? (
        <fieldset className="esign-te__group">
          <legend>{t('properties.typography')}</legend>
          <TypeSettings id={id} styles={[style]} update={update} />
          {kind === 'date' ? (
            <SelectField
              id={`${id}-format`}
              label={t('properties.dateFormat')}
              value={config.dateFormat}
              options={DATE_FORMATS.map((format) => ({
                value: format,
                label: formatDate(EXAMPLE_DATE, format),
              }))}
              apply={(dateFormat) => update({ config: { dateFormat: dateFormat as DateFormat } })}
            />
          ) : null}
        </fieldset>
      ) : null}

      {kind === 'text' ? (
        <fieldset className="esign-te__group">
          <legend>{t('properties.input')}</legend>
          <div className="esign-te__row">
            <NumberField
              id={`${id}-limit`}
              label={t('properties.limitNum')}
              value={preview.limitNum}
              integer
              apply={(limitNum) => update({ previewConfig: { limitNum } })}
            />
            <NumberField
              id={`${id}-lines`}
              label={t('properties.linesNum')}
              value={preview.linesNum}
              integer
              apply={(linesNum) => update({ previewConfig: { linesNum } })}
            />
          </div>
          <div className="esign-te__row">
            <CheckField
              id={`${id}-digits`}
              label={t('properties.isNumber')}
              checked={config.isNumber}
              apply={(isNumber) => update({ config: { isNumber } })}
            />
            <CheckField
              id={`${id}-count`}
              label={t('properties.showFontNum')}
              checked={config.showFontNum}
              apply={(showFontNum) => update({ config: { showFontNum } })}
            />
          </div>
        </fieldset>
      ) : null}

      {kind === 'image' ? (
        <SelectField
          id={`${id}-image`}
          label={t('properties.imageType')}
          value={config.imageType}
          options={IMAGE_TYPES.map((type) => ({ value: type.key, label: type.label[locale] }))}
          apply={(imageType) => update({ config: { imageType: imageType as ImageTypeKey } })}
        />
      ) : null}

      {kind === 'seal' ? (
        <>
          <SelectField
            id={`${id}-seal`}
            label={t('properties.seal')}
            value={preview.sealId}
            options={[
              { value: '', label: t('properties.noSeal') },
              ...seals.map((seal) => ({ value: seal.id, label: seal.name })),
              ...(preview.sealId && !chosenSeal
                ? [
                    {
                      value: preview.sealId,
                      label: t('properties.unknownSeal', { id: preview.sealId }),
                    },
                  ]
                : []),
            ]}
            apply={(sealId) => update({ previewConfig: { sealId } })}
          />
          {chosenSeal?.imageUrl ? (
            <img
              className="esign-te__seal-preview"
              src={chosenSeal.imageUrl}
              alt={chosenSeal.name}
            />
          ) : null}
          <p className="esign-te__note">{t('properties.allPages')}</p>
        </>
      ) : null}

      <fieldset className="esign-te__group">
        <legend>{t('properties.geometry')}</legend>
        <div className="esign-te__row">
          <NumberField
            id={`${id}-x`}
            label={t('properties.x')}
            value={style.left}
            apply={(left) => update({ commonStyle: { left } })}
          />
          <NumberField
            id={`${id}-y`}
            label={t('properties.y')}
            value={style.top}
            apply={(top) => update({ commonStyle: { top } })}
          />
          <NumberField
            id={`${id}-w`}
            label={t('properties.width')}
            value={style.width}
            apply={(width) => update({ commonStyle: { width } })}
          />
          <NumberField
            id={`${id}-h`}
            label={t('properties.height')}
            value={style.height}
            apply={(height) => update({ commonStyle: { height } })}
          />
        </div>
        <div className="esign-te__row">
          <NumberField
            id={`${id}-r`}
            label={t('properties.rotate')}
            value={style.rotate}
            apply={(rotate) => update({ commonStyle: { rotate } })}
          />
          <LayerOrder item={item} />
        </div>
      </fieldset>
    </>
  );
}

const LAYER_BUTTONS: readonly { direction: ReorderDirection; icon: IconName; label: string }[] = [
  { direction: 'top', icon: 'bringToFront', label: 'action.bringToFront' },
  { direction: 'up', icon: 'bringForward', label: 'action.bringForward' },
  { direction: 'down', icon: 'sendBackward', label: 'action.sendBackward' },
  { direction: 'bottom', icon: 'sendToBack', label: 'action.sendToBack' },
];

/** Paint order buttons. They stay focusable at the ends (aria-disabled) so focus is not lost. */
function LayerOrder({ item }: { item: Located }) {
  const { t, store } = useEditor();
  const labelId = useId();
  const atTop = item.index >= item.count - 1;
  const atBottom = item.index <= 0;
  return (
    <div className="esign-te__field">
      <span id={labelId} className="esign-te__label">
        {t('layers.title')}
      </span>
      <div className="esign-te__buttons" role="group" aria-labelledby={labelId}>
        {LAYER_BUTTONS.map(({ direction, icon, label }) => {
          const blocked = direction === 'top' || direction === 'up' ? atTop : atBottom;
          return (
            <button
              key={direction}
              type="button"
              className="esign-te__icon-button"
              aria-label={t(label)}
              title={t(label)}
              aria-disabled={blocked || undefined}
              onClick={() => {
                if (!blocked) store.getState().reorder(item.element.uuid, direction);
              }}
            >
              <Icon name={icon} />
            </button>
          );
        })}
      </div>
    </div>
  );
}

type TypeStyle = Pick<
  ElementStyle,
  'fontFamily' | 'fontSize' | 'color' | 'textAlign' | 'lineHeight'
>;

/** Font, size, colour, alignment (and line height for one field) of text and date fields. */
function TypeSettings({
  id,
  styles,
  update,
}: {
  id: string;
  styles: readonly TypeStyle[];
  update(patch: ElementPatch): void;
}) {
  const { t, locale } = useEditor();
  const fontSize = shared(styles, (s) => s.fontSize);
  const sizes: Option[] = FONT_SIZES.map((size) => ({
    value: String(size.value),
    label: size.label[locale],
  }));
  if (fontSize !== null && !FONT_SIZES.some((size) => size.value === fontSize))
    sizes.push({ value: String(fontSize), label: t('properties.customSize', { size: fontSize }) });
  const mixed = t('properties.mixed');
  return (
    <>
      <div className="esign-te__row">
        <SelectField
          id={`${id}-font`}
          label={t('properties.fontFamily')}
          value={shared(styles, (s) => s.fontFamily)}
          mixedLabel={mixed}
          options={FONT_FAMILIES.map((font) => ({ value: font.value, label: font.label[locale] }))}
          apply={(fontFamily) =>
            update({ commonStyle: { fontFamily: fontFamily as FontFamilyValue } })
          }
        />
        <SelectField
          id={`${id}-size`}
          label={t('properties.fontSize')}
          value={fontSize === null ? null : String(fontSize)}
          mixedLabel={mixed}
          options={sizes}
          apply={(size) => update({ commonStyle: { fontSize: Number(size) } })}
        />
      </div>
      <div className="esign-te__row">
        <ColorField
          id={`${id}-color`}
          value={shared(styles, (s) => s.color)}
          apply={(color) => update({ commonStyle: { color } })}
        />
        {styles.length === 1 ? (
          <NumberField
            id={`${id}-line`}
            label={t('properties.lineHeight')}
            value={styles[0]!.lineHeight}
            step={0.1}
            apply={(lineHeight) => update({ commonStyle: { lineHeight } })}
          />
        ) : null}
      </div>
      <AlignField
        value={shared(styles, (s) => s.textAlign)}
        apply={(textAlign) => update({ commonStyle: { textAlign } })}
      />
    </>
  );
}

const HEX = /^#[0-9a-f]{6}$/i;

/** `#rgb` and `#rrggbb` as `#rrggbb`; anything else (names, rgb()) as black for the swatch. */
function toHex(color: string): string {
  if (HEX.test(color)) return color.toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  return short
    ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase()
    : '#000000';
}

/**
 * A colour swatch (the system picker, applied when it closes) beside its code (applied on blur or
 * Enter), so keyboard users can type a colour.
 */
function ColorField({
  id,
  value,
  apply,
}: {
  id: string;
  value: string | null;
  apply(color: string): void;
}) {
  const { t } = useEditor();
  const [error, run, clear] = useGuardedCommand();
  const [ownError, setOwnError] = useState<string | null>(null);
  const [picking, setPicking] = useState<string | null>(null);
  const swatch = useRef<HTMLInputElement>(null);
  const onPicked = useEffectEvent((color: string) => {
    setPicking(null);
    if (color !== value) run(() => apply(color));
  });
  useEffect(() => {
    const node = swatch.current;
    if (!node) return;
    // React's onChange follows every `input` event; the native `change` fires once, on close.
    const listener = () => onPicked(node.value);
    node.addEventListener('change', listener);
    return () => node.removeEventListener('change', listener);
  }, []);
  const shown = ownError ?? error;
  return (
    <div className="esign-te__field">
      <label htmlFor={id}>{t('properties.color')}</label>
      <div className="esign-te__color">
        <input
          ref={swatch}
          id={id}
          type="color"
          value={picking ?? toHex(value ?? '#000000')}
          onChange={(event) => setPicking(event.target.value)}
        />
        <DraftInput
          id={`${id}-code`}
          aria-label={t('properties.colorCode')}
          value={value ?? ''}
          placeholder={value === null ? t('properties.mixed') : undefined}
          error={shown}
          onRevert={() => {
            setOwnError(null);
            clear();
          }}
          onCommit={(text) => {
            const color = text.trim();
            if (!HEX.test(color) && !/^#[0-9a-f]{3}$/i.test(color)) {
              setOwnError(t('properties.invalidColor'));
              return false;
            }
            setOwnError(null);
            return run(() => apply(toHex(color)));
          }}
        />
      </div>
      {shown ? (
        <span className="esign-te__error" id={`${id}-code-error`} role="alert">
          {shown}
        </span>
      ) : null}
    </div>
  );
}

const ALIGNMENTS: readonly { value: ElementStyle['textAlign']; icon: IconName }[] = [
  { value: 'left', icon: 'textLeft' },
  { value: 'center', icon: 'textCenter' },
  { value: 'right', icon: 'textRight' },
];

function AlignField({
  value,
  apply,
}: {
  value: ElementStyle['textAlign'] | null;
  apply(value: ElementStyle['textAlign']): void;
}) {
  const { t } = useEditor();
  const labelId = useId();
  return (
    <div className="esign-te__field">
      <span id={labelId} className="esign-te__label">
        {t('properties.textAlign')}
      </span>
      <div className="esign-te__buttons" role="group" aria-labelledby={labelId}>
        {ALIGNMENTS.map((option) => (
          <button
            key={option.value}
            type="button"
            className="esign-te__icon-button"
            aria-pressed={value === option.value}
            aria-label={t(`properties.${option.value}`)}
            title={t(`properties.${option.value}`)}
            onClick={() => apply(option.value)}
          >
            <Icon name={option.icon} />
          </button>
        ))}
      </div>
    </div>
  );
}

/** What several selected fields share: party, required, and type style when all hold text. */
function SharedSettings({ items }: { items: readonly Located[] }) {
  const { t } = useEditor();
  const project = useProjectState((s) => s.project);
  const id = useId();
  const elements = items.map((item) => item.element);
  const update = useUpdate(elements.map((element) => element.uuid));
  const party = shared(elements, (e) => e.config.party);
  return (
    <>
      <p className="esign-te__kind">{t('properties.many', { count: items.length })}</p>
      <div className="esign-te__row">
        <SelectField
          id={`${id}-party`}
          label={<PartyLabel party={party} />}
          value={party}
          mixedLabel={t('properties.mixed')}
          options={partyOptions(t, project)}
          apply={(value) => update({ config: { party: value as Party } })}
        />
        <CheckField
          id={`${id}-required`}
          label={t('properties.required')}
          checked={shared(elements, (e) => e.config.required)}
          apply={(required) => update({ config: { required } })}
        />
      </div>
      {elements.every(isTyped) ? (
        <fieldset className="esign-te__group">
          <legend>{t('properties.typography')}</legend>
          <TypeSettings id={id} styles={elements.map((e) => e.commonStyle)} update={update} />
        </fieldset>
      ) : null}
    </>
  );
}
