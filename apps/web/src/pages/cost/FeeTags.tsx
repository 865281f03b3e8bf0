import { ClockCircleOutlined } from '@ant-design/icons';
import type { ConsumeState, Gift, Order } from '@esign/platform';
import { Tag } from 'antd';
import { Trans, useTranslation } from 'react-i18next';

/** antd's preset hues (theme.ts darkens their text to 4.5:1): waiting gold, in use green. */
const ORDER_COLORS: Record<Order['status'], string> = {
  pendingPayment: 'gold',
  pendingEffect: 'blue',
  inEffect: 'green',
  invalid: 'default',
  terminated: 'red',
};

/** An order's status (ORDER_STATUSES), an invalid one with why: lapsed, cancelled or expired. */
export function OrderStatusTag({ order }: { order: Pick<Order, 'status' | 'invalidReason'> }) {
  const { t } = useTranslation();
  return (
    <Tag color={ORDER_COLORS[order.status]}>
      {order.status === 'invalid' && order.invalidReason
        ? t(`fees.invalidReason.${order.invalidReason}`)
        : t(`fees.orderStatus.${order.status}`)}
    </Tag>
  );
}

const CONSUME_COLORS: Record<ConsumeState, string> = {
  held: 'blue',
  consumed: 'green',
  returned: 'default',
};

/** A consume record's state: held by a contract under way, consumed, or given back. */
export function ConsumeStateTag({ state }: { state: ConsumeState }) {
  const { t } = useTranslation();
  return <Tag color={CONSUME_COLORS[state]}>{t(`fees.consumeState.${state}`)}</Tag>;
}

const GIFT_COLORS: Record<Gift['status'], string> = {
  inEffect: 'green',
  usedUp: 'default',
  expired: 'default',
};

export function GiftStatusTag({ status }: { status: Gift['status'] }) {
  const { t } = useTranslation();
  return <Tag color={GIFT_COLORS[status]}>{t(`fees.giftStatus.${status}`)}</Tag>;
}

/** A source that ends within 30 days (the wallet's figure), or one that starts on a later day. */
export function ExpiryTag({ expiringSoon, pending }: { expiringSoon: boolean; pending: boolean }) {
  const { t } = useTranslation();
  if (pending) return <Tag color="blue">{t('fees.wallet.startsLater')}</Tag>;
  if (!expiringSoon) return null;
  return (
    <Tag color="gold" icon={<ClockCircleOutlined aria-hidden />}>
      {t('fees.wallet.expiringSoon')}
    </Tag>
  );
}

/** From one day to another, each day kept whole on a narrow screen (never cut at its hyphens). */
export function DaySpan({ from, to }: { from: string; to: string }) {
  return (
    <Trans
      i18nKey="fees.wallet.until"
      values={{ from, to }}
      components={{ day: <span className="fee-day" /> }}
    />
  );
}
