/**
 * A contract with cross-page seals (骑缝章) signed through the API: party A's on the right edge of
 * every page, party B's on the left edge of pages 2–4, on a document of portrait, landscape,
 * turned and cropped pages. After both signatures, every page shows each party's slice inside the
 * box the editor's core gives it, and nothing of the seal elsewhere; both signatures verify.
 */
import { type ContractCreated, type ContractPdfLink } from '@esign/platform';
import {
  createEditorStore,
  deriveStampLocations,
  toStoredProject,
  type StampLocation,
} from '@esign/template-editor/core';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  inkOnHalf,
  qpdfCheck,
  rasterise,
  redInk,
  type InkBounds,
} from '../../../../packages/template-editor/src/test-support/pdf';
import { pageFrame } from '../editor-pdf';
import { DEMO_COMPANY } from '../seed';
import { verifyContractPdf } from '../signing';
import { addDocument, makePdf, type TestPdfPage } from '../test-support/ready-documents';
import { BACKENDS, useTestServer } from '../test-support/server';
import {
  ADMIN_PHONE,
  PERSON_PHONE,
  signAs,
  signingCast,
  type SigningCast,
} from '../test-support/signing';
import { blankProject } from '../templates/project';

const A4 = { width: 595.28, height: 841.89 };
/** Portrait, landscape, turned a quarter, cropped, cropped and turned three quarters. */
const PAGES: TestPdfPage[] = [
  A4,
  { width: A4.height, height: A4.width },
  { ...A4, rotate: 90 },
  { ...A4, crop: { x: 50, y: 60, width: 450, height: 660 } },
  { ...A4, rotate: 270, crop: { x: 30, y: 40, width: 520, height: 720 } },
];
const TOLERANCE = 0.5;

/**
 * The seal's ink lies inside the slice's box (a real seal is round, with a margin: it need not
 * fill the box) and reaches the box's side where the seal is cut, when it is cut there.
 */
function expectInSlice(ink: InkBounds | undefined, stamp: StampLocation, what: string): void {
  expect(ink, `${what}: no seal`).toBeDefined();
  const left = stamp.x - stamp.width / 2;
  const right = stamp.x + stamp.width / 2;
  const top = stamp.y - stamp.height / 2;
  const bottom = stamp.y + stamp.height / 2;
  expect(ink!.left, `${what}: left`).toBeGreaterThan(left - TOLERANCE);
  expect(ink!.right, `${what}: right`).toBeLessThan(right + TOLERANCE);
  expect(ink!.top, `${what}: top`).toBeGreaterThan(top - TOLERANCE);
  expect(ink!.bottom, `${what}: bottom`).toBeLessThan(bottom + TOLERANCE);
  // The slice is cut out of the seal's middle: on its inner side (or both sides) the ink reaches
  // the box's edge, clipped there.
  const slice = stamp.slice!;
  if (slice.offset > 0.1) expect(ink!.left, `${what}: cut on the left`).toBeLessThan(left + 1);
  if (slice.offset + slice.width < 0.9)
    expect(ink!.right, `${what}: cut on the right`).toBeGreaterThan(right - 1);
}

describe.each(BACKENDS)('a contract with cross-page seals on $name', (backend) => {
  const server = useTestServer(backend);
  let cast: SigningCast;

  beforeAll(async () => {
    cast = await signingCast(server);
  });

  it('is signed by both parties; every page shows each slice where the editor puts it', async () => {
    const sizes = (await PDFDocument.load(await makePdf(PAGES))).getPages().map((page) => {
      const { width, height } = pageFrame(page);
      return { width, height };
    });
    const store = createEditorStore(
      blankProject(sizes, [
        { party: 'A', name: 'Seller', sign: true, fill: false },
        { party: 'B', name: 'Buyer', sign: true, fill: false },
      ]),
    );
    const first = store.getState().project.pages[0]!.uuid;
    store.getState().addElement(first, 'crosspage', {
      title: 'Cross-page seal of A',
      config: { party: 'A', crossPageEdge: 'right', crossPageFrom: 1, crossPageTo: 0 },
      commonStyle: { top: 200, width: 120, height: 120 },
    });
    store.getState().addElement(first, 'crosspage', {
      title: 'Cross-page seal of B',
      config: { party: 'B', crossPageEdge: 'left', crossPageFrom: 2, crossPageTo: 4 },
      commonStyle: { top: 300, width: 120, height: 120 },
    });
    const project = toStoredProject(store.getState().project);
    const stamps = deriveStampLocations(project);
    expect(stamps.map((s) => [s.party, s.page])).toEqual([
      ...[1, 2, 3, 4, 5].map((page) => ['A', page]),
      ...[2, 3, 4].map((page) => ['B', page]),
    ]);

    const documentId = await addDocument(server.database, server.files, {
      userId: cast.adminId,
      companyId: cast.companyId,
      pages: PAGES,
    });
    const created = await cast.admin.post<ContractCreated>('contractCreate', {
      name: 'Lease with a cross-page seal',
      signingOrder: 'parallel',
      participants: [
        {
          party: 'A',
          kind: 'company',
          name: 'Admin',
          phone: ADMIN_PHONE,
          companyName: DEMO_COMPANY,
        },
        { party: 'B', kind: 'person', name: 'Person', phone: PERSON_PHONE },
      ],
      receivers: [],
      documentId,
      project,
      values: {},
    });
    expect(created.status, created.body.msg).toBe(200);
    const id = Number(created.body.data.id);

    const byB = await signAs(server, cast.person, PERSON_PHONE, id);
    expect(byB.status, byB.body.msg).toBe(200);
    const byA = await signAs(server, cast.admin, ADMIN_PHONE, id);
    expect(byA.status, byA.body.msg).toBe(200);
    expect(byA.body.data.status).toBe('completed');

    const link = await cast.admin.get<ContractPdfLink>('contractDownloadTicket', { id });
    expect(link.status).toBe(200);
    const signed = new Uint8Array(
      await (await fetch(`${server.base}${link.body.data.link}`)).arrayBuffer(),
    );
    expect(await verifyContractPdf(server.database, signed)).toMatchObject([
      { valid: true, trusted: true },
      { valid: true, trusted: true, coversWholeDocument: true },
    ]);
    await expect(qpdfCheck(signed)).resolves.toMatch(/No syntax or stream encoding errors/);

    for (let page = 1; page <= PAGES.length; page++) {
      const raster = await rasterise(signed, page, 288);
      expect(raster.width / raster.pixelsPerPoint).toBeCloseTo(sizes[page - 1]!.width, 0);
      const a = stamps.find((s) => s.party === 'A' && s.page === page)!;
      expectInSlice(inkOnHalf(raster, 'right', redInk), a, `page ${page}, A's slice`);
      const b = stamps.find((s) => s.party === 'B' && s.page === page);
      if (b) expectInSlice(inkOnHalf(raster, 'left', redInk), b, `page ${page}, B's slice`);
      else
        expect(
          inkOnHalf(raster, 'left', redInk),
          `page ${page}: outside B's range`,
        ).toBeUndefined();
    }
  });
});
