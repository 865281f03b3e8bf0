import { useEffect, useId, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import {
  PARTIES,
  PARTY_COLORS,
  type ElementPatch,
  type Party,
  type ReorderDirection,
  type TemplateElement,
  type TemplateProject,
} from '../../core';
import { useEditor, useProjectState } from '../context';
import { Icon, type IconName } from '../icons';
import {
  CheckField,
  NumberField,
  SelectField,
  TextField,
  TypographyGroup,
  shared,
  type Option,
} from './controls';
import type { ElementPanel } from '../../elements/panel-types';
import { ELEMENT_PANELS } from './kindPanels';

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

/** Several text and date fields share their type style (a kind's own properties are for one). */
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
  const { t } = useEditor();
  const project = useProjectState((s) => s.project);
  const { element } = item;
  const id = useId();
  const update = useUpdate([element.uuid]);
  const { config, commonStyle: style } = element;
  const kind = element.elName;
  const KindPanel: ElementPanel = ELEMENT_PANELS[kind];

  return (
    <>
      <p className="esign-te__kind">
        <Icon name={kind} />
        <span>{t(`kind.${kind}`)}</span>
        <span aria-hidden="true">·</span>
        <span>{t('pages.page', { number: item.pageIndex + 1 })}</span>
      </p>
      <TextField
        inputRef={nameRef}
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
      <div className="esign-te__row esign-te__row--party">
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

      <KindPanel element={element} id={id} update={update} />

      {KindPanel.fixedGeometry ? null : (
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
      )}
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
      <div className="esign-te__row esign-te__row--party">
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
        <TypographyGroup id={id} styles={elements.map((e) => e.commonStyle)} update={update} />
      ) : null}
    </>
  );
}
