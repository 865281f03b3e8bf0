import {
  AlipayCircleOutlined,
  CreditCardOutlined,
  ExportOutlined,
  ReloadOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import {
  PAYMENT_METHODS,
  message,
  type Order,
  type PaymentMethod,
  type QrCodePayment,
} from '@esign/platform';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Empty, QRCode, Radio, Result, Skeleton } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { feeQueries, refreshAfterPayment, useQrCode } from '../../api/fees';
import { FeeScreen } from './FeeScreen';
import { OrderStatusTag } from './FeeTags';
import { clock, formatDay, money, packageNameIn, secondsLeft } from './feeFormat';
import { useUnits } from './MallPage';
import type { FeeConsole } from './useFeeConsole';

const METHOD_ICONS: Record<PaymentMethod, ReactNode> = {
  alipay: <AlipayCircleOutlined aria-hidden />,
  wechat: <WechatOutlined aria-hidden />,
  unionpay: <CreditCardOutlined aria-hidden />,
};

/** The time now, again every second while `ticking` (a QR code's countdown). */
function useNow(ticking: unknown): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!ticking) return;
    const tick = () => setNow(Date.now());
    // At once for a new code (the clock may have stood still since the page opened), then each second.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [ticking]);
  return now;
}

/** The address a QR code holds, whole: the development provider answers a path of this site. */
const qrLink = (qrText: string) => new URL(qrText, window.location.href).href;

/** The order being paid: what it is, how much, and its number. */
function OrderSummary({ order, fee }: { order: Order; fee: FeeConsole }) {
  const { t } = useTranslation();
  const units = useUnits();
  return (
    <Descriptions column={1} size="small" bordered className="fee-order-summary">
      <Descriptions.Item label={t('fees.columns.number')}>{order.number}</Descriptions.Item>
      <Descriptions.Item label={t('fees.columns.package')}>
        {packageNameIn(order, fee.locale)} × {order.quantity}
      </Descriptions.Item>
      <Descriptions.Item label={t('fees.columns.units')}>
        {units(order.unit, order.signingsTotal)}
      </Descriptions.Item>
      <Descriptions.Item label={t('fees.columns.startsOn')}>
        {formatDay(order.startsOn, fee.locale)}
      </Descriptions.Item>
      <Descriptions.Item label={t('fees.columns.amount')}>
        <strong>{money(order.amountFen, fee.locale)}</strong>
      </Descriptions.Item>
      <Descriptions.Item label={t('fees.columns.status')}>
        <OrderStatusTag order={order} />
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * Paying an unpaid order: a method, then its QR code drawn from the provider's text, counting down
 * to its expiry; lapsed, "QR code expired, please refresh" and a new code on request. The
 * development provider's code is said to be one (no money moves), with its page a click away.
 */
function PayByQrCode({ order, fee }: { order: Order; fee: FeeConsole }) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<PaymentMethod>('alipay');
  const [code, setCode] = useState<QrCodePayment | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const qr = useQrCode(fee.companyId);
  const now = useNow(code);
  const left = code ? secondsLeft(code.expiresAt, now) : 0;
  const expired = code !== null && left === 0;

  const ask = (chosen: PaymentMethod) => {
    setRefused(null);
    qr.mutateAsync({ orderId: order.id, method: chosen }).then(setCode, (error: unknown) => {
      setCode(null);
      // A quiet call: its refusal (paid meanwhile, lapsed, no provider) is said here.
      setRefused(error instanceof Error ? error.message : String(error));
    });
  };

  return (
    <section className="fee-card fee-pay" aria-labelledby="fee-pay-title">
      <h2 className="section-title" id="fee-pay-title">
        {t('fees.submit.payTitle')}
      </h2>
      <Radio.Group
        className="fee-methods"
        optionType="button"
        buttonStyle="solid"
        aria-label={t('fees.submit.method')}
        value={method}
        onChange={(event) => {
          const chosen = event.target.value as PaymentMethod;
          setMethod(chosen);
          // A code of another method is of no use: the new method's comes at once.
          if (code) ask(chosen);
        }}
        options={PAYMENT_METHODS.map((value) => ({
          value,
          label: (
            <span className="fee-method">
              {METHOD_ICONS[value]} {t(`fees.method.${value}`)}
            </span>
          ),
        }))}
      />
      {refused ? (
        <Alert type="error" showIcon role="alert" title={refused} className="fee-pay-alert" />
      ) : null}
      {code ? (
        <div className="fee-qr">
          <QRCode
            value={qrLink(code.qrText)}
            size={200}
            status={qr.isPending ? 'loading' : expired ? 'expired' : 'active'}
            onRefresh={() => ask(method)}
            aria-label={t('fees.submit.qrLabel', { method: t(`fees.method.${method}`) })}
          />
          <p className="fee-qr-amount">{money(code.amountFen, fee.locale)}</p>
          {expired ? (
            <div className="fee-qr">
              <p role="alert" className="fee-qr-expired">
                {message('qrCodeExpired', fee.locale)}
              </p>
              <Button
                type="primary"
                icon={<ReloadOutlined aria-hidden />}
                loading={qr.isPending}
                onClick={() => ask(method)}
              >
                {t('fees.submit.refresh')}
              </Button>
            </div>
          ) : (
            <p className="fee-muted" aria-live="off">
              {t('fees.submit.scan', { method: t(`fees.method.${method}`) })}{' '}
              <span className="fee-countdown">
                {t('fees.submit.expiresIn', { time: clock(left) })}
              </span>
            </p>
          )}
          <p className="fee-muted" role="status">
            {t('fees.submit.waiting')}
          </p>
          {code.development ? (
            <Alert
              type="warning"
              showIcon
              className="fee-pay-alert"
              title={t('fees.submit.development')}
              description={
                <>
                  <p className="fee-alert-text">{t('fees.submit.developmentHint')}</p>
                  <a href={qrLink(code.qrText)} target="_blank" rel="noopener noreferrer">
                    <ExportOutlined aria-hidden /> {t('fees.submit.openPaymentPage')}
                  </a>
                </>
              }
            />
          ) : null}
        </div>
      ) : (
        <Button
          type="primary"
          size="large"
          className="fee-pay-button"
          loading={qr.isPending}
          onClick={() => ask(method)}
        >
          {t('fees.submit.getCode', { amount: money(order.amountFen, fee.locale) })}
        </Button>
      )}
    </section>
  );
}

/** What became of the order: paid (in effect or starting later), lapsed or otherwise ended. */
function Settled({ order, fee }: { order: Order; fee: FeeConsole }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const units = useUnits();
  const what = `${packageNameIn(order, fee.locale)} × ${order.quantity}`;
  if (order.status === 'inEffect' || order.status === 'pendingEffect') {
    return (
      <Result
        status="success"
        title={<h2 className="result-title">{t('fees.submit.paid')}</h2>}
        subTitle={
          order.status === 'pendingEffect'
            ? t('fees.submit.paidLater', {
                what,
                units: units(order.unit, order.signingsTotal),
                day: formatDay(order.startsOn, fee.locale),
              })
            : t('fees.submit.paidNow', {
                what,
                units: units(order.unit, order.signingsTotal),
                day: order.expiresAt ? formatDay(order.expiresAt, fee.locale) : '—',
              })
        }
        extra={[
          <Button key="wallet" type="primary" onClick={() => void navigate(fee.cost.wallet)}>
            {t('fees.submit.openWallet')}
          </Button>,
          <Button key="orders" onClick={() => void navigate(fee.cost.order)}>
            {t('fees.submit.viewOrders')}
          </Button>,
        ]}
      />
    );
  }
  const reason =
    order.status === 'terminated' ? 'terminated' : (order.invalidReason ?? ('lapsed' as const));
  return (
    <Result
      status="warning"
      title={<h2 className="result-title">{t(`fees.submit.ended.${reason}`)}</h2>}
      subTitle={t(`fees.submit.endedHint.${reason}`)}
      extra={[
        <Button key="mall" type="primary" onClick={() => void navigate(fee.shop.mall)}>
          {t('fees.submit.buyAgain')}
        </Button>,
        <Button key="orders" onClick={() => void navigate(fee.cost.order)}>
          {t('fees.submit.viewOrders')}
        </Button>,
      ]}
    />
  );
}

/**
 * /user-center/submit and /enterprise-console/submit (?orderId=): paying an order. The page asks
 * for the order every 2 s while it waits for its payment, so it learns the result without a
 * reload — from a phone that scanned the code, or another tab — and then stops asking.
 */
function Submit({ fee }: { fee: FeeConsole }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [search] = useSearchParams();
  const orderId = search.get('orderId') ?? '';
  const order = useQuery(feeQueries.order(fee.companyId, orderId, true));
  const status = order.data?.status;

  // Paid or ended: the wallet, the orders and their totals are not what they were.
  useEffect(() => {
    if (status && status !== 'pendingPayment') void refreshAfterPayment(client, fee.companyId);
  }, [status, client, fee.companyId]);

  return (
    <div className="page fee-page">
      <header className="page-header">
        <h1 className="page-title">{t('routes.orderSubmit')}</h1>
        <p className="page-subtitle">{t('fees.submit.subtitle')}</p>
      </header>
      {order.isError && !order.data ? (
        <Empty description={t('fees.submit.notFound')}>
          <Button onClick={() => void navigate(fee.cost.order)}>
            {t('fees.submit.viewOrders')}
          </Button>
        </Empty>
      ) : !order.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : order.data.status === 'pendingPayment' ? (
        <div className="fee-submit">
          <section className="fee-card" aria-labelledby="fee-submit-order">
            <h2 className="section-title" id="fee-submit-order">
              {t('fees.submit.orderTitle')}
            </h2>
            <OrderSummary order={order.data} fee={fee} />
          </section>
          <PayByQrCode order={order.data} fee={fee} />
        </div>
      ) : (
        <section className="fee-card">
          <Settled order={order.data} fee={fee} />
        </section>
      )}
    </div>
  );
}

export default function SubmitPage() {
  return <FeeScreen needs="account:buy">{(fee) => <Submit fee={fee} />}</FeeScreen>;
}
