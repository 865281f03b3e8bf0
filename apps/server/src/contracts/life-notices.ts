/**
 * The message-centre records of a contract's life after sending, in English and in Chinese (stored
 * apart, each reader sees theirs): who filled in, signing started, a refusal, a reminder, a
 * withdrawal.
 */
import type { ActedContract, Notice } from './act';

type Named = Pick<ActedContract, 'name' | 'number'>;

const en = (c: Named) => `“${c.name}” (${c.number})`;
const zh = (c: Named) => `“${c.name}”（${c.number}）`;

export const LIFE_NOTICES = {
  filled: (c: Named, party: string): Notice => ({
    en: { title: 'A party filled in', content: `Party ${party} filled in its part of ${en(c)}.` },
    zh: { title: '签署方已填写', content: `${party}方已填写合同${zh(c)}中本方的内容。` },
  }),
  signingStarted: (c: Named): Notice => ({
    en: {
      title: 'Ready for signing',
      content: `Every party filled in ${en(c)}: it is ready for signing.`,
    },
    zh: { title: '合同待签署', content: `合同${zh(c)}已填写完毕，可以签署了。` },
  }),
  refused: (c: Named, party: string, reason: string): Notice => ({
    en: {
      title: 'Signing refused',
      content: `Party ${party} refused to sign ${en(c)}. Reason: ${reason}`,
    },
    zh: { title: '签署被拒绝', content: `${party}方拒绝签署合同${zh(c)}。原因：${reason}` },
  }),
  urged: (c: Named): Notice => ({
    en: {
      title: 'A reminder to act',
      content: `The initiator of ${en(c)} reminds you to act on it.`,
    },
    zh: { title: '合同催办', content: `合同${zh(c)}的发起方提醒您尽快处理。` },
  }),
  withdrawn: (c: Named, reason: string): Notice => ({
    en: {
      title: 'Contract withdrawn',
      content: `The initiator withdrew ${en(c)}; it will not be signed.${reason ? ` Reason: ${reason}` : ''}`,
    },
    zh: {
      title: '合同已撤回',
      content: `发起方已撤回合同${zh(c)}，该合同不再签署。${reason ? `原因：${reason}` : ''}`,
    },
  }),
};
