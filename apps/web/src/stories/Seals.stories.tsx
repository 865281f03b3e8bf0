import { message, PERSONAL_SEAL_LIMIT } from '@esign/platform';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fetchPersonalSeals } from '../api/seals';
import SealCreatePage from '../pages/seals/SealCreatePage';
import SealHandwritePage from '../pages/seals/SealHandwritePage';
import SealsPage from '../pages/seals/SealsPage';
import {
  DEMO_EXPIRED_TICKET,
  DEMO_HANDWRITE_TICKET,
  demoPhoneDraws,
  demoSealsFrom,
} from './demoSeals';
import {
  appeared,
  buttonName,
  inChinese,
  scene,
  webStoryMeta,
  type WebStoryArgs,
} from './webStory';

const meta = {
  title: 'Web/Seals',
  ...webStoryMeta,
  parameters: { web: { path: '/user-center/seal', routeTitle: 'mySeals' } },
  render: () => <SealsPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

type Context = StoryContext<WebStoryArgs>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One stroke on the drawing pad with a mouse's pointer events (down on the canvas, moves and up
 * on the window, as signature_pad listens), through points given in fractions of its size.
 */
async function drawStroke(canvas: HTMLElement, points: readonly [number, number][]) {
  const box = canvas.getBoundingClientRect();
  const at = ([x, y]: [number, number]) => ({
    clientX: box.left + x * box.width,
    clientY: box.top + y * box.height,
    pointerId: 1,
    pointerType: 'mouse',
    isPrimary: true,
    bubbles: true,
    cancelable: true,
  });
  const [first, ...rest] = points;
  canvas.dispatchEvent(new PointerEvent('pointerdown', { ...at(first!), buttons: 1, button: 0 }));
  for (const point of rest) {
    // signature_pad takes a move at most every 16 ms.
    await pause(20);
    canvas.dispatchEvent(new PointerEvent('pointermove', { ...at(point), buttons: 1 }));
  }
  canvas.dispatchEvent(
    new PointerEvent('pointerup', { ...at(rest.at(-1) ?? first!), buttons: 0, button: 0 }),
  );
}

const ZIGZAG: [number, number][] = [
  [0.1, 0.6],
  [0.25, 0.3],
  [0.4, 0.7],
  [0.55, 0.3],
  [0.7, 0.65],
  [0.85, 0.35],
];
const LOOP: [number, number][] = [
  [0.2, 0.5],
  [0.35, 0.2],
  [0.5, 0.5],
  [0.35, 0.8],
  [0.2, 0.5],
];

/** The pad's canvas, found by its accessible name. */
const padOf = (context: Context) =>
  scene(context).canvas.findByRole('img', { name: scene(context).t('sealsPage.pad.area') });

const button = (context: Context, text: string) =>
  scene(context).canvas.getByRole('button', { name: buttonName(text) });

/** Picks an option of a segmented control (antd hides its radio behind the option's label). */
async function choose(context: Context, name: string) {
  const option = await scene(context).canvas.findByRole('radio', { name });
  await userEvent.click(option.closest('label')!);
  await waitFor(() => expect(option).toBeChecked());
}

/** The QR code's countdown, whatever second it is at. */
function countdown(context: Context) {
  const [before, after] = scene(context)
    .t('sealsPage.phone.validFor', { time: '\u0000' })
    .split('\u0000');
  return (text: string) =>
    text.startsWith(before!) && text.endsWith(after!) && /\d:\d\d/.test(text);
}

/** The seal card that bears a name. */
async function cardOf(context: Context, name: string) {
  return within(await scene(context).canvas.findByRole('article', { name }));
}

/** A picture of the given bytes' size: a real PNG's first bytes, then padding. */
function pngOfSize(bytes: number, name: string): File {
  const data = new Uint8Array(bytes);
  data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([data], name, { type: 'image/png' });
}

/** A small real PNG, drawn in the browser: red ink on white, as a photographed stamp is. */
async function stampPhoto(): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 160;
  canvas.height = 160;
  const drawing = canvas.getContext('2d')!;
  drawing.fillStyle = '#fff';
  drawing.fillRect(0, 0, 160, 160);
  drawing.strokeStyle = '#d4242b';
  drawing.lineWidth = 8;
  drawing.strokeRect(20, 20, 120, 120);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!)));
  return new File([blob], 'stamp.png', { type: 'image/png' });
}

/**
 * My seals: the default first (tagged), the disused one greyed and kept for what it signed, the
 * uploaded one; renamed with Enter in the dialog, made the default, and removed — deleted when it
 * signed nothing, kept as disused when it signed contracts, as the confirmation says beforehand.
 */
export const MySeals: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.mySeals') }),
    ).toBeVisible();
    const main = await cardOf(context, 'Li Wei seal');
    await expect(main.getByText(t('sealsPage.list.default'))).toBeVisible();
    await expect(main.getByText(t('sealsPage.list.used', { count: 12 }))).toBeVisible();
    await waitFor(() =>
      expect(main.getByRole('img', { name: 'Li Wei seal' })).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:/),
      ),
    );
    const old = await cardOf(context, 'Old signature');
    await expect(old.getByText(t('sealsPage.list.disused'))).toBeVisible();
    await expect(old.getByText(t('sealsPage.list.disusedHint', { count: 3 }))).toBeVisible();
    await expect(old.queryByRole('button', { name: /remove|删除/i })).toBeNull();
    await expect(
      canvas.getByText(t('sealsPage.list.count', { count: 3, limit: PERSONAL_SEAL_LIMIT })),
    ).toBeVisible();

    // Rename, saved with Enter.
    await userEvent.click(
      canvas.getByRole('button', {
        name: t('sealsPage.list.renameLabel', { name: 'Office stamp' }),
      }),
    );
    const dialog = within(await appeared(page.findByRole('dialog')));
    const field = dialog.getByLabelText(t('sealsPage.name'));
    await userEvent.clear(field);
    await userEvent.keyboard('{Enter}');
    await appeared(dialog.findByText(message('sealNameRequired', context.args.locale)));
    await userEvent.type(field, 'Stamp 2025{Enter}');
    await appeared(page.findByText(t('sealsPage.list.renamed')));
    const renamed = await cardOf(context, 'Stamp 2025');

    // The default moves.
    await userEvent.click(
      renamed.getByRole('button', {
        name: t('sealsPage.list.setDefaultLabel', { name: 'Stamp 2025' }),
      }),
    );
    await appeared(page.findByText(t('sealsPage.list.defaultSet', { name: 'Stamp 2025' })));
    await waitFor(() => expect(renamed.getByText(t('sealsPage.list.default'))).toBeVisible());

    // A seal that signed contracts is kept, disused; the confirmation said so first.
    await userEvent.click(
      canvas.getByRole('button', {
        name: t('sealsPage.list.removeLabel', { name: 'Li Wei seal' }),
      }),
    );
    let confirm = within(await appeared(page.findByRole('dialog')));
    await expect(confirm.getByText(t('sealsPage.list.removeKeeps', { count: 12 }))).toBeVisible();
    await userEvent.click(
      confirm.getByRole('button', { name: buttonName(t('sealsPage.list.remove')) }),
    );
    await appeared(page.findByText(t('sealsPage.list.keptDisused', { name: 'Li Wei seal' })));
    await waitFor(() =>
      expect(
        within(canvas.getByRole('article', { name: 'Li Wei seal' })).getByText(
          t('sealsPage.list.disused'),
        ),
      ).toBeVisible(),
    );

    // One that signed nothing is deleted.
    await userEvent.click(
      canvas.getByRole('button', { name: t('sealsPage.list.removeLabel', { name: 'Stamp 2025' }) }),
    );
    confirm = within(
      await waitFor(() => {
        const found = page
          .getAllByRole('dialog')
          .find((candidate) => within(candidate).queryByText(t('sealsPage.list.removeDeletes')));
        if (!found) throw new Error('No confirmation of the deletion');
        return found;
      }),
    );
    await userEvent.click(
      confirm.getByRole('button', { name: buttonName(t('sealsPage.list.remove')) }),
    );
    await appeared(page.findByText(t('sealsPage.list.deleted', { name: 'Stamp 2025' })));
    await waitFor(() =>
      expect(canvas.queryByRole('heading', { level: 2, name: 'Stamp 2025' })).toBeNull(),
    );
  },
};

export const MySealsZh: Story = inChinese(MySeals, 'My seals');

/** No seal yet: what seals are for, and one clear way to the first. */
export const NoSeals: Story = {
  beforeEach: () => demoSealsFrom({ seals: [] }),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('sealsPage.list.emptyTitle'))).toBeVisible();
    await expect(canvas.getByText(t('sealsPage.list.emptyHint'))).toBeVisible();
    await expect(
      canvas.getAllByRole('button', { name: buttonName(t('sealsPage.list.create')) }),
    ).toHaveLength(1);
  },
};

export const NoSealsZh: Story = inChinese(NoSeals, 'No seals');

const createPage = {
  parameters: { web: { path: '/user-center/create', routeTitle: 'sealCreate' } },
  render: () => <SealCreatePage />,
} satisfies Partial<Story>;

/**
 * Handwriting on the pad with the mouse: Save waits for a stroke, Undo takes the last one back,
 * Clear wipes the pad; the drawing is saved under the suggested name as the default.
 */
export const CreateHandwritten: Story = {
  ...createPage,
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.sealCreate') }),
    ).toBeVisible();
    const pad = await padOf(context);
    const save = button(context, t('sealsPage.create.save'));
    await expect(save).toBeDisabled();
    await expect(canvas.getByLabelText(t('sealsPage.name'))).toHaveValue(
      t('sealsPage.create.defaultNames.handwrite'),
    );

    await drawStroke(pad, ZIGZAG);
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(button(context, t('sealsPage.pad.undo')));
    await waitFor(() => expect(save).toBeDisabled());
    await drawStroke(pad, LOOP);
    await drawStroke(pad, ZIGZAG);
    await userEvent.click(button(context, t('sealsPage.pad.clear')));
    await waitFor(() => expect(save).toBeDisabled());

    await choose(context, t('sealsPage.pad.colours.blue'));
    await drawStroke(pad, ZIGZAG);
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(
      canvas.getByRole('checkbox', { name: t('sealsPage.create.makeDefault') }),
    );
    await userEvent.click(save);
    await appeared(page.findByText(t('sealsPage.create.saved')));
    const seals = await fetchPersonalSeals();
    await expect(seals[0]).toMatchObject({
      name: t('sealsPage.create.defaultNames.handwrite'),
      makeWay: 'handwrite',
      default: true,
    });
  },
};

export const CreateHandwrittenZh: Story = inChinese(CreateHandwritten, 'Create handwritten');

/**
 * From the template: Li Wei's name is in Latin letters, so the square name seal is off and the
 * page says why; the oblong seal is previewed as the server draws it and saved.
 */
export const CreateFromTemplate: Story = {
  ...createPage,
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await choose(context, t('sealsPage.create.ways.template'));
    await expect(canvas.getByLabelText(t('sealsPage.name'))).toHaveValue(
      t('sealsPage.create.defaultNames.template', { name: 'Li Wei' }),
    );
    await expect(
      canvas.getByRole('radio', { name: t('sealsPage.create.shapes.square') }),
    ).toBeDisabled();
    await expect(
      canvas.getByText(message('sealTemplateNameLength', context.args.locale)),
    ).toBeVisible();
    await waitFor(() =>
      expect(canvas.getByRole('img', { name: t('sealsPage.create.previewAlt') })).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:/),
      ),
    );
    await userEvent.click(button(context, t('sealsPage.create.save')));
    await appeared(page.findByText(t('sealsPage.create.saved')));
    await expect((await fetchPersonalSeals()).map((item) => item.makeWay)).toContain('template');
  },
};

export const CreateFromTemplateZh: Story = inChinese(CreateFromTemplate, 'Create from template');

/**
 * Upload: a 3 MB picture and an SVG are refused in the browser with the server's messages; a PNG
 * shows as it will be stamped, with the note that white turns transparent, and is saved.
 */
export const CreateUploaded: Story = {
  ...createPage,
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    const { locale } = context.args;
    await choose(context, t('sealsPage.create.ways.upload'));
    await expect(canvas.getByText(t('sealsPage.create.whiteTransparent'))).toBeVisible();
    // The upload makes a new input after each file.
    const input = () => context.canvasElement.querySelector<HTMLInputElement>('input[type=file]')!;
    await userEvent.upload(input(), pngOfSize(3 * 1024 * 1024, 'big.png'));
    await appeared(canvas.findByText(message('sealImageTooLarge', locale)));
    await expect(button(context, t('sealsPage.create.save'))).toBeDisabled();

    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'seal.svg', {
      type: 'image/svg+xml',
    });
    await userEvent.upload(input(), svg, { applyAccept: false });
    await appeared(canvas.findByText(message('sealImageSvg', locale)));

    await userEvent.upload(input(), await stampPhoto());
    await waitFor(() =>
      expect(
        canvas.getByRole('img', { name: t('sealsPage.create.uploadAlt', { name: 'stamp.png' }) }),
      ).toHaveAttribute('src', expect.stringMatching(/^blob:/)),
    );
    await expect(canvas.queryByText(message('sealImageSvg', locale))).toBeNull();
    await userEvent.click(button(context, t('sealsPage.create.save')));
    await appeared(page.findByText(t('sealsPage.create.saved')));
    await expect((await fetchPersonalSeals()).map((item) => item.makeWay)).toContain('upload');
  },
};

export const CreateUploadedZh: Story = inChinese(CreateUploaded, 'Create uploaded');

/**
 * Drawing on a phone: the QR code with its three-minute countdown; once the phone has drawn, the
 * desktop (asking every 1.5 s) shows the seal and says it is saved.
 */
export const DrawOnPhone: Story = {
  ...createPage,
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await choose(context, t('sealsPage.create.drawOnPhone'));
    await expect(
      await canvas.findByRole('figure', { name: t('sealsPage.phone.qrLabel') }),
    ).toBeVisible();
    await appeared(canvas.findByText(countdown(context)));
    await expect(canvas.queryByLabelText(t('sealsPage.name'))).toBeNull();
    demoPhoneDraws(context.args.locale);
    await appeared(page.findByText(t('sealsPage.phone.received'), { selector: '.ant-message *' }));
    await expect(
      await canvas.findByRole('img', { name: t('sealsPage.create.defaultNames.handwrite') }),
    ).toBeVisible();
  },
};

export const DrawOnPhoneZh: Story = inChinese(DrawOnPhone, 'Draw on phone');

/** The QR code ran out: greyed with the server's words and refreshed into a new one. */
export const PhoneQrExpired: Story = {
  ...createPage,
  beforeEach: () => demoSealsFrom({ expiringTickets: 1 }),
  play: async (context) => {
    const { t, canvas } = scene(context);
    const expired = message('sealQrExpired', context.args.locale);
    await choose(context, t('sealsPage.create.drawOnPhone'));
    const cover = await appeared(canvas.findByRole('alert'));
    await expect(within(cover).getByText(expired)).toBeVisible();
    await userEvent.click(
      within(cover).getByRole('button', { name: buttonName(t('sealsPage.phone.refresh')) }),
    );
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
    await appeared(canvas.findByText(countdown(context)));
  },
};

export const PhoneQrExpiredZh: Story = inChinese(PhoneQrExpired, 'Phone QR expired');

const phonePage = {
  args: { session: 'signedOut' },
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  render: () => <SealHandwritePage />,
} satisfies Partial<Story>;

/** The phone, without logging in: whose signature it is, the pad, Submit; then done. */
export const PhoneWaiting: Story = {
  ...phonePage,
  parameters: {
    web: { path: `/seal-handwrite?ticket=${DEMO_HANDWRITE_TICKET}`, routeTitle: 'sealHandwrite' },
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByText(t('sealsPage.handwrite.intro', { name: 'Li Wei' })),
    ).toBeVisible();
    const submit = button(context, t('sealsPage.handwrite.submit'));
    await expect(submit).toBeDisabled();
    await drawStroke(await padOf(context), ZIGZAG);
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await appeared(canvas.findByText(t('sealsPage.handwrite.done')));
  },
};

export const PhoneWaitingZh: Story = inChinese(PhoneWaiting, 'Phone waiting');

/** An expired QR code on the phone: the server's words, and back to the computer for a new one. */
export const PhoneExpired: Story = {
  ...phonePage,
  parameters: {
    web: { path: `/seal-handwrite?ticket=${DEMO_EXPIRED_TICKET}`, routeTitle: 'sealHandwrite' },
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByText(message('sealQrExpired', context.args.locale)),
    ).toBeVisible();
    await expect(canvas.getByText(t('sealsPage.handwrite.refreshOnComputer'))).toBeVisible();
    await expect(canvas.queryByRole('img', { name: t('sealsPage.pad.area') })).toBeNull();
  },
};

export const PhoneExpiredZh: Story = inChinese(PhoneExpired, 'Phone expired');

/** On a phone: the seals one card under another, each with its moves, nothing wider than it. */
export const MySealsOnPhone: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    const main = await cardOf(context, 'Li Wei seal');
    await expect(main.getByText(t('sealsPage.list.default'))).toBeVisible();
    const list = canvas.getByRole('list', { name: t('routes.mySeals') });
    for (const item of within(list).getAllByRole('listitem')) {
      await expect(item.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    }
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const MySealsOnPhoneZh: Story = inChinese(MySealsOnPhone, 'My seals on a phone');
