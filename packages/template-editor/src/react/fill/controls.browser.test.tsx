import { describe, expect, it } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { createEditorStore, type TemplateProject } from '../../core';
import { mountEditor } from '../../test-support/mountEditor';

function project(elements: Record<string, unknown>[]): TemplateProject {
  return createEditorStore({ pages: [{ uuid: 'p1', elements }] }).getState().project;
}

/** A PNG photo of `width` × `height` pixels, of `colour` with a red frame. */
async function photo(width: number, height: number, colour = '#1d4ed8'): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = colour;
  context.fillRect(0, 0, width, height);
  context.strokeStyle = '#dc2626';
  context.lineWidth = 20;
  context.strokeRect(0, 0, width, height);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  return new File([blob], 'photo.png', { type: 'image/png' });
}

async function sizeOf(url: string): Promise<{ width: number; height: number }> {
  const image = new Image();
  image.src = url;
  await image.decode();
  return { width: image.naturalWidth, height: image.naturalHeight };
}

describe('the fill controls', () => {
  it('cut an ID card photo to the card’s shape, turning one taken the other way, and refuse a file that is no picture', async () => {
    const { screen, element } = await mountEditor(
      project([
        {
          uuid: 'card',
          elName: 'image',
          title: 'ID card',
          config: { party: 'B', imageType: 'idCardLandscape', required: true },
        },
      ]),
      { mode: 'fill', party: 'B' },
    );
    const guide = screen.getByRole('region', { name: 'Fill in' });
    await expect.element(guide.getByText('The photo is cut to the ID card’s shape.')).toBeVisible();
    const input = page.elementLocator(
      guide.element().querySelector('input[type="file"]:not([capture])')!,
    );
    // A wide photo: cut at its sides to 199 : 126.15.
    await userEvent.upload(input, await photo(2400, 1000));
    await expect.poll(() => element('card').value).toMatch(/^data:image\/jpeg;base64,/);
    let size = await sizeOf(element('card').value);
    expect(size.width / size.height).toBeCloseTo(199 / 126.15, 1);
    expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(1600);
    await expect.element(guide.getByRole('img', { name: 'Photo for ID card' })).toBeVisible();
    // A card photographed upright for a landscape field is turned, not cut to a sliver.
    const before = element('card').value;
    await userEvent.upload(input, await photo(1000, 1600, '#15803d'));
    await expect.poll(() => element('card').value).not.toBe(before);
    size = await sizeOf(element('card').value);
    expect(size.width / size.height).toBeCloseTo(199 / 126.15, 1);
    // Turned, it keeps the card's whole height (1,000 px); cut upright, it would keep 634.
    expect(size.height).toBeGreaterThan(900);
    // Not a picture: said so, and the photo already there stays.
    const kept = element('card').value;
    await userEvent.upload(input, new File(['not a picture'], 'card.png', { type: 'image/png' }));
    await expect
      .element(guide.getByRole('alert'))
      .toHaveTextContent('This file is not a picture that can be read');
    expect(element('card').value).toBe(kept);
  });

  it('draw a signature on a full-screen pad, and refuse an empty one', async () => {
    const { screen, element } = await mountEditor(
      project([
        {
          uuid: 'sign',
          elName: 'signature',
          title: 'Your signature',
          config: { party: 'B', required: true },
        },
      ]),
      { mode: 'fill', party: 'B', fillSignatures: true },
    );
    const guide = screen.getByRole('region', { name: 'Fill in' });
    await guide.getByRole('button', { name: 'Draw your signature' }).click();
    const pad = screen.getByRole('dialog', { name: 'Sign in the box' });
    await expect.element(pad).toBeVisible();
    const box = pad.element().getBoundingClientRect();
    expect(box.width).toBeGreaterThanOrEqual(window.innerWidth - 1);
    await pad.getByRole('button', { name: 'Done' }).click();
    await expect.element(pad.getByRole('alert')).toHaveTextContent('Draw your signature first');

    const canvas = pad.element().querySelector('canvas')!.getBoundingClientRect();
    const x = canvas.left + 40;
    const y = canvas.top + canvas.height / 2;
    await commands.mouse([
      { type: 'move', x, y },
      { type: 'down', x, y },
      { type: 'move', x: x + 120, y: y - 40, steps: 8 },
      { type: 'move', x: x + 220, y: y + 30, steps: 8 },
      { type: 'up', x: x + 220, y: y + 30 },
    ]);
    await pad.getByRole('button', { name: 'Done' }).click();
    await expect.element(pad).not.toBeInTheDocument();
    expect(element('sign').value).toMatch(/^data:image\/png;base64,/);
    const size = await sizeOf(element('sign').value);
    // Cut to the ink: about 220 × 70 CSS pixels at twice the resolution, with a margin.
    expect(size.width).toBeGreaterThan(400);
    expect(size.width).toBeLessThan(520);
    await expect.element(guide.getByRole('button', { name: 'Draw again' })).toBeVisible();
  });
});
