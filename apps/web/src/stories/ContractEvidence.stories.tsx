import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import AttestationPage from '../pages/contract/evidence/AttestationPage';
import ContractSignaturesPage from '../pages/contract/evidence/ContractSignaturesPage';
import { BROKEN_TRAIL, DEMO_CONTRACT_ACTIONS, TAMPERED_SIGNATURES } from './demoContractActions';
import { cardOf, inChinese, ON_A_PHONE, scene, webStoryMeta, type WebStoryArgs } from './webStory';

const SIGNATURES = '/agency-contract/contractSignature?id=9005';
const ATTESTATION = '/agency-contract/online-attestation?id=9005';

const meta = {
  title: 'Web/Contracts/Signatures and evidence',
  ...webStoryMeta,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const signatures = (demo?: object) => ({
  render: () => <ContractSignaturesPage />,
  parameters: {
    web: { path: SIGNATURES, routeTitle: 'contractSignature' as const, ...(demo ? { demo } : {}) },
  },
});

const attestation = (demo?: object) => ({
  render: () => <AttestationPage />,
  parameters: {
    web: {
      path: ATTESTATION,
      routeTitle: 'onlineAttestation' as const,
      ...(demo ? { demo } : {}),
    },
  },
});

/**
 * A completed contract's two signatures: each intact, the last covering the whole file, said as
 * what holds (the platform's own authority, unknown to outside readers until added) in the
 * page's language, never pdfsig's "Certificate is Trusted"; the authority's certificate to
 * download, and where Acrobat, Windows and macOS take it.
 */
export const SignaturesValid: Story = {
  ...signatures(),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByText(t('contractEvidence.verdict.intact', { count: 2 })),
    ).toBeVisible();
    await expect(canvas.getByText(t('contractEvidence.verdictHint.intact'))).toBeVisible();
    const table = within(canvas.getByRole('table'));
    await expect(table.getByText('Chen Jie')).toBeVisible();
    await expect(table.getAllByText(t('contractEvidence.signatureValid'))).toHaveLength(2);
    await expect(table.getByText(t('contractEvidence.wholeDocument'))).toBeVisible();
    const words =
      context.args.locale === 'zh' ? /^签名完整：签名后文件未被改动/ : /^The signature is intact/;
    await expect(table.getAllByText(words)).toHaveLength(2);
    await expect(canvas.queryByText(/Certificate is Trusted/)).toBeNull();
    const trust = within(canvas.getByRole('region', { name: t('contractEvidence.trust.title') }));
    for (const [format, label] of [
      ['cer', t('contractEvidence.trust.downloadCer')],
      ['pem', t('contractEvidence.trust.downloadPem')],
    ] as const) {
      const link = trust.getByRole('link', { name: label });
      await expect(link).toHaveAttribute(
        'href',
        `/api/sicpay-contract/contract/nologin/authority-certificate?format=${format}`,
      );
    }
    await expect(trust.getByText(t('contractEvidence.trust.acrobat'))).toBeVisible();
    await expect(trust.getByText(t('contractEvidence.trust.windows'))).toBeVisible();
    await expect(trust.getByText(t('contractEvidence.trust.macos'))).toBeVisible();
  },
};

export const SignaturesValidZh: Story = inChinese(SignaturesValid, 'Signatures valid');

/**
 * The signatures on a phone (390 px): each signature a card — who signed, for which party, the
 * verdict, when, the certificate and what holds — one under another; no table, nothing wider
 * than the screen.
 */
export const SignaturesOnPhone: Story = {
  ...signatures(),
  globals: ON_A_PHONE,
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByText(t('contractEvidence.verdict.intact', { count: 2 })),
    ).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    for (const name of ['Li Wei', 'Chen Jie']) {
      const card = await cardOf(context, name);
      await expect(card.getByText(t('contractEvidence.signatureValid'))).toBeVisible();
      await expect(card.getByText(t('contractEvidence.signedAt'))).toBeVisible();
      await expect(card.getByText(t('contractEvidence.issuer'))).toBeVisible();
    }
    const last = await cardOf(context, 'Chen Jie');
    await expect(last.getByText(t('contractEvidence.wholeDocument'))).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    for (const card of canvas.getAllByRole('listitem', { name: /Li Wei|Chen Jie/ })) {
      await expect(card.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    }
  },
};

export const SignaturesOnPhoneZh: Story = inChinese(SignaturesOnPhone, 'Signatures on phone');

/** The file was changed after the last signature: the verdict says not to rely on it. */
export const SignaturesInvalid: Story = {
  ...signatures({
    contractActions: {
      ...DEMO_CONTRACT_ACTIONS,
      signatures: { '9005': TAMPERED_SIGNATURES },
    },
  }),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('contractEvidence.verdict.broken'))).toBeVisible();
    await expect(canvas.getByText(t('contractEvidence.signatureInvalid'))).toBeVisible();
    await expect(
      canvas.getByText(
        context.args.locale === 'zh'
          ? /^签名与文件不符/
          : /^The signature does not match the document/,
      ),
    ).toBeVisible();
  },
};

export const SignaturesInvalidZh: Story = inChinese(SignaturesInvalid, 'Signatures invalid');

/** antd's expander of a table row, in either language. */
const EXPAND_ROW = /^(Expand row|展开行)$/;

/**
 * The audit trail of a completed contract, its chain intact: four columns (time, action, who,
 * details) with how each signer confirmed; an entry's address and hashes, whole and copyable,
 * behind its expander; nothing scrolls sideways.
 */
export const AttestationIntact: Story = {
  ...attestation(),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByText(t('contractEvidence.chainIntact', { count: 5 })),
    ).toBeVisible();
    const table = within(canvas.getByRole('table'));
    const headers = table
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.trim())
      .filter(Boolean);
    await expect(headers).toEqual([
      t('contractEvidence.time'),
      t('contractEvidence.action'),
      t('contractEvidence.actor'),
      t('contractEvidence.details'),
    ]);
    await expect(table.getAllByText(t('contractEvidence.actions.sign'))).toHaveLength(2);
    await expect(table.getByText(t('contractEvidence.actions.download'))).toBeVisible();
    await expect(table.getByText(t('contractEvidence.pdfVersion', { version: 2 }))).toBeVisible();
    await expect(table.getByText(t('dashboard.status.completed'))).toBeVisible();
    await expect(table.getByText(t('contractEvidence.confirmedBy.sms'))).toBeVisible();
    await expect(table.getByText(t('contractEvidence.confirmedBy.face'))).toBeVisible();
    await expect(table.queryByText('203.0.113.24')).toBeNull();
    const [firstEntry] = table.getAllByRole('button', { name: EXPAND_ROW });
    await userEvent.click(firstEntry!);
    await expect(await table.findByText('203.0.113.24')).toBeVisible();
    const whole = '5d1f2a03'.repeat(8);
    await expect(table.getByText(whole)).toBeVisible();
    const content = canvas.getByRole('table').closest<HTMLElement>('.ant-table-content')!;
    await expect(content.scrollWidth).toBeLessThanOrEqual(content.clientWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const AttestationIntactZh: Story = inChinese(AttestationIntact, 'Attestation intact');

/** An entry rewritten after the fact: the chain is flagged broken at that entry. */
export const AttestationBroken: Story = {
  ...attestation({
    contractActions: { ...DEMO_CONTRACT_ACTIONS, attestations: { '9005': BROKEN_TRAIL } },
  }),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByText(t('contractEvidence.chainBroken', { seq: 4 })),
    ).toBeVisible();
    await expect(
      canvas.getByText(t('contractEvidence.chainProblem.hash', { seq: 4 })),
    ).toBeVisible();
    const flagged = canvas.getByText(t('contractEvidence.brokenHere')).closest('tr')!;
    await userEvent.click(within(flagged).getByRole('button', { name: EXPAND_ROW }));
    await expect(await canvas.findByText('198.51.100.7')).toBeVisible();
  },
};

export const AttestationBrokenZh: Story = inChinese(AttestationBroken, 'Attestation broken');

/**
 * The audit trail on a phone (320 px): each entry a card — action, time, who, details — with its
 * address and hashes behind a disclosure; no table, nothing wider than the screen.
 */
export const AttestationOnPhone: Story = {
  ...attestation(),
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    const trail = await canvas.findByRole('list', { name: t('routes.onlineAttestation') });
    const cards = within(trail).getAllByRole('listitem');
    await expect(cards).toHaveLength(5);
    await expect(canvas.queryByRole('table')).toBeNull();
    const signed = within(cards[3]!);
    await expect(signed.getByText(t('contractEvidence.actions.sign'))).toBeVisible();
    await expect(signed.getByText('Hengda Foods Ltd.')).toBeVisible();
    await expect(signed.getByText(t('contractEvidence.confirmedBy.face'))).toBeVisible();
    await expect(signed.queryByText('198.51.100.7')).toBeNull();
    await userEvent.click(signed.getByText(t('contractEvidence.proof')));
    await expect(signed.getByText('9c41e07b'.repeat(8))).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    for (const card of cards) {
      await expect(card.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    }
  },
};

export const AttestationOnPhoneZh: Story = inChinese(AttestationOnPhone, 'Attestation on phone');

/** A contract nobody signed yet: its signatures page says so. */
export const NoSignaturesYet: Story = {
  render: () => <ContractSignaturesPage />,
  parameters: {
    web: { path: '/agency-contract/contractSignature?id=9002', routeTitle: 'contractSignature' },
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('contractEvidence.noSignatures'))).toBeVisible();
  },
};

/** The evidence of a contract the console may not see. */
export const AttestationNotFound: Story = {
  render: () => <AttestationPage />,
  parameters: {
    web: { path: '/agency-contract/online-attestation?id=1', routeTitle: 'onlineAttestation' },
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { name: t('contractDetail.problem.notFound.title') }),
    ).toBeVisible();
  },
};
