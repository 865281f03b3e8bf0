import { ArrowLeftOutlined } from '@ant-design/icons';
import { ORDER_QUANTITY_MAX, type SignPackage } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  InputNumber,
  Modal,
  Result,
  Skeleton,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useBuildOrder, feeQueries } from '../../api/fees';
import { AppForm, SubmitButton } from '../../forms/AppForm';
import { useSubmit } from '../../forms/useSubmit';
import { FeeScreen } from './FeeScreen';
import { money, nameIn } from './feeFormat';
import { useUnits, useValidity } from './MallPage';
import { submitPath } from './paths';
import type { FeeConsole } from './useFeeConsole';

interface ConfirmValues {
  quantity: number;
  startsOn: Dayjs | null;
  agreement: boolean;
}

/** The purchase agreement, opened from its checkbox's link. */
function AgreementDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('fees.confirm.agreementTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <ol className="fee-agreement">
        {(['validity', 'spending', 'payment', 'refund', 'invoice'] as const).map((clause) => (
          <li key={clause}>{t(`fees.confirm.agreement.${clause}`)}</li>
        ))}
      </ol>
    </Modal>
  );
}

/**
 * The order's form: how many of the package (1–100), an optional later day for it to take effect
 * (today or later), what it comes to, and the purchase agreement, which the server requires —
 * a refusal (the agreement not accepted, a day in the past) is shown at its field. Made, the order
 * goes to its payment.
 */
function ConfirmForm({ fee, item }: { fee: FeeConsole; item: SignPackage }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const validity = useValidity();
  const units = useUnits();
  const [form] = Form.useForm<ConfirmValues>();
  const [reading, setReading] = useState(false);
  const build = useBuildOrder(fee.companyId);
  const quantity = Form.useWatch('quantity', form) ?? 1;
  const startsOn = Form.useWatch('startsOn', form);
  const { submit, pending, refusal } = useSubmit<ConfirmValues>(async (values) => {
    const order = await build.mutateAsync({
      packageId: item.id,
      quantity: values.quantity,
      // Sent as ticked: the server alone refuses an agreement not accepted, with its message.
      agreement: values.agreement as true,
      ...(values.startsOn ? { startsOn: values.startsOn.format('YYYY-MM-DD') } : {}),
    });
    void navigate(submitPath(fee.area, order.id));
  });
  // Shown as the person types: the order the server makes says the amount it will charge.
  const count = Number.isInteger(quantity) && quantity >= 1 ? quantity : 1;
  const name = nameIn(item, fee.locale);
  return (
    <div className="fee-confirm">
      <section className="fee-card" aria-labelledby="fee-confirm-package">
        <h2 className="section-title" id="fee-confirm-package">
          {t('fees.confirm.package')}
        </h2>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('fees.columns.package')}>{name}</Descriptions.Item>
          <Descriptions.Item label={t('fees.columns.units')}>
            {units(item.unit, item.signings)}
          </Descriptions.Item>
          <Descriptions.Item label={t('fees.columns.unitPrice')}>
            {money(item.priceFen, fee.locale)}
          </Descriptions.Item>
          <Descriptions.Item label={t('fees.columns.validity')}>
            {validity(item.validDays)}
          </Descriptions.Item>
        </Descriptions>
      </section>
      <section className="fee-card" aria-labelledby="fee-confirm-order">
        <h2 className="section-title" id="fee-confirm-order">
          {t('fees.confirm.order')}
        </h2>
        <AppForm<ConfirmValues>
          form={form}
          initialValues={{ quantity: 1, startsOn: null, agreement: false }}
          onFinish={submit}
          validateTrigger="onChange"
        >
          <Form.Item
            name="quantity"
            label={t('fees.confirm.quantity')}
            extra={t('fees.confirm.quantityHint', { max: ORDER_QUANTITY_MAX })}
            rules={[
              {
                required: true,
                type: 'integer',
                min: 1,
                max: ORDER_QUANTITY_MAX,
                message: t('fees.confirm.quantityHint', { max: ORDER_QUANTITY_MAX }),
              },
            ]}
          >
            <InputNumber min={1} max={ORDER_QUANTITY_MAX} precision={0} className="fee-quantity" />
          </Form.Item>
          <Form.Item
            name="startsOn"
            label={t('fees.confirm.startsOn')}
            extra={
              startsOn
                ? t('fees.confirm.startsOnChosen', { day: startsOn.format('YYYY-MM-DD') })
                : t('fees.confirm.startsOnHint')
            }
          >
            <DatePicker
              className="fee-start-day"
              allowClear
              placeholder={t('fees.confirm.startsOnPlaceholder')}
              disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
            />
          </Form.Item>
          <div className="fee-total" role="status">
            <span>{t('fees.confirm.total')}</span>
            <strong>{money(item.priceFen * count, fee.locale)}</strong>
            <span className="fee-muted">
              {t('fees.confirm.totalUnits', {
                units: units(item.unit, item.signings * count),
                count,
              })}
            </span>
          </div>
          {/* The inner item's errors (the server's refusal of the agreement) show on this one. */}
          <Form.Item className="fee-agreement-line">
            <Form.Item name="agreement" valuePropName="checked" noStyle>
              <Checkbox>{t('fees.confirm.accept')}</Checkbox>
            </Form.Item>
            <Button type="link" className="fee-inline-link" onClick={() => setReading(true)}>
              {t('fees.confirm.readAgreement')}
            </Button>
          </Form.Item>
          <SubmitButton pending={pending} refusal={refusal}>
            {t('fees.confirm.submit')}
          </SubmitButton>
        </AppForm>
      </section>
      <AgreementDialog open={reading} onClose={() => setReading(false)} />
    </div>
  );
}

/** /user-center/confirm and /enterprise-console/confirm (?packageId=): the order of a package. */
function Confirm({ fee }: { fee: FeeConsole }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const packageId = search.get('packageId') ?? '';
  const packages = useQuery(feeQueries.packages(fee.companyId));
  const item = packages.data?.find((candidate) => candidate.id === packageId);
  const back = (
    <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => void navigate(fee.shop.mall)}>
      {t('fees.confirm.backToMall')}
    </Button>
  );
  return (
    <div className="page fee-page">
      <header className="page-header list-page-header">
        <div>
          <h1 className="page-title">{t('routes.orderConfirm')}</h1>
          <p className="page-subtitle">{t('fees.confirm.subtitle')}</p>
        </div>
        {back}
      </header>
      {packages.isError && !packages.data ? (
        <Empty description={t('fees.loadFailed')}>
          <Button onClick={() => void packages.refetch()}>{t('common.retry')}</Button>
        </Empty>
      ) : !packages.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : item ? (
        <ConfirmForm fee={fee} item={item} />
      ) : (
        <Result
          status="warning"
          title={<h2 className="result-title">{t('fees.confirm.notOnSale')}</h2>}
          subTitle={t('fees.confirm.notOnSaleHint')}
          extra={back}
        />
      )}
    </div>
  );
}

export default function ConfirmPage() {
  return <FeeScreen needs="account:buy">{(fee) => <Confirm fee={fee} />}</FeeScreen>;
}
