import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import AttestationPage from '../pages/contract/evidence/AttestationPage';
import ContractSignaturesPage from '../pages/contract/evidence/ContractSignaturesPage';
import { BROKEN_TRAIL, DEMO_CONTRACT_ACTIONS, TAMPERED_SIGNATURES } from './demoContractActions';
import { inChinese, scene, webStoryMeta, type WebStoryArgs } from './webStory';

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

/** A completed contract's two signatures: each valid, the last covering the whole file. */
export const SignaturesValid: Story = {
  ...signatures(),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByText(t('contractEvidence.verdict.intact', { count: 2 })),
    ).toBeVisible();
    const table = within(canvas.getByRole('table'));
    await expect(table.getByText('Chen Jie')).toBeVisible();
    await expect(table.getAllByText(t('contractEvidence.signatureValid'))).toHaveLength(2);
    await expect(table.getByText(t('contractEvidence.wholeDocument'))).toBeVisible();
    await expect(table.getAllByText(/CN=eSign Platform CA/)).toHaveLength(2);
  },
};

export const SignaturesValidZh: Story = inChinese(SignaturesValid, 'Signatures valid');

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
    await expect(canvas.getByText(/Digest Mismatch/)).toBeVisible();
  },
};

export const SignaturesInvalidZh: Story = inChinese(SignaturesInvalid, 'Signatures invalid');

/** The audit trail of a completed contract, its chain intact. */
export const AttestationIntact: Story = {
  ...attestation(),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByText(t('contractEvidence.chainIntact', { count: 5 })),
    ).toBeVisible();
    const table = within(canvas.getByRole('table'));
    await expect(table.getAllByText(t('contractEvidence.actions.sign'))).toHaveLength(2);
    await expect(table.getByText(t('contractEvidence.actions.download'))).toBeVisible();
    await expect(table.getByText(t('contractEvidence.pdfVersion', { version: 2 }))).toBeVisible();
    await expect(table.getByText(t('dashboard.status.completed'))).toBeVisible();
    await expect(table.getAllByText('203.0.113.24').length).toBeGreaterThan(0);
    await expect(table.getAllByText('5d1f2a…2a03').length).toBeGreaterThan(0);
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
    await expect(within(flagged).getByText('198.51.100.7')).toBeVisible();
  },
};

export const AttestationBrokenZh: Story = inChinese(AttestationBroken, 'Attestation broken');

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
