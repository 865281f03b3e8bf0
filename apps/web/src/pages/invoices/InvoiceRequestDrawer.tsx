import {
  INVOICE_FORMS,
  INVOICE_TYPES,
  PAPER_INVOICE_COURIER_FEE_FEN,
  formatYuan,
  type InvoiceField,
  type InvoiceRequest,
  type InvoiceableOrder,
  type Locale,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Drawer, Empty, Form, Input, Radio, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyForInvoice, invoiceQueries, useInvoiceMutation } from '../../api/invoices';
import { AppForm } from '../../forms/AppForm';
import { FormRefusal } from '../../forms/FormRefusal';
import { useSubmit } from '../../forms/useSubmit';
import { formatDateTime } from '../../i18n/dates';
import { useIsMobile } from '../../layout/useIsMobile';
import {
  INVOICE_FIELD_LIMITS,
  PAPER_FIELDS,
  SPECIAL_FIELDS,
  chosenOrders,
  invoiceRule,
  toInvoiceBody,
  totalOf,
  type InvoiceFormValues,
} from './invoiceForm';
import { useInvoiceConsole } from './useInvoiceConsole';

const FORM_ID = 'invoice-request';

/** The paid orders with something left, as checkboxes: number, package, when paid, what is left. */
function OrderChoice({
  orders,
  locale,
  value,
  onChange,
  id,
  state,
}: {
  orders: readonly InvoiceableOrder[];
  locale: Locale;
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
  /** Whether the orders are still being read, could not be, or were. */
  state: 'loading' | 'failed' | 'read';
}) {
  const { t } = useTranslation();
  if (state === 'loading') return <Spin />;
  if (state === 'failed') {
    return <Alert type="error" showIcon title={t('invoices.form.ordersLoadFailed')} />;
  }
  if (orders.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('invoices.form.noOrders')} />;
  }
  return (
    <div id={id} role="group" aria-label={t('invoices.form.orders')}>
      <Checkbox.Group className="invoice-orders" value={value} onChange={onChange}>
        {orders.map((order) => {
          const remaining = formatYuan(order.remainingFen, locale);
          return (
            <Checkbox
              key={order.orderId}
              value={order.orderId}
              className="invoice-order"
              aria-label={t('invoices.form.orderLabel', { number: order.orderNumber, remaining })}
            >
              <span className="invoice-order-text">
                <span className="invoice-order-number">{order.orderNumber}</span>
                <span className="invoice-muted">
                  {locale === 'zh' ? order.packageNameZh : order.packageName} ·{' '}
                  {t('invoices.form.paidOn', { day: formatDateTime(order.paidAt, locale) })}
                </span>
              </span>
              <span className="invoice-order-amount">
                {order.invoicedFen > 0
                  ? t('invoices.form.partly', {
                      remaining,
                      amount: formatYuan(order.amountFen, locale),
                    })
                  : t('invoices.form.remaining', { remaining })}
              </span>
            </Checkbox>
          );
        })}
      </Checkbox.Group>
    </div>
  );
}

/**
 * "Request an invoice": the paid orders to invoice (each for what remains of it), the type and
 * form, and the fields they need — checked with the server's own schema as they are left; a paper
 * invoice shows its mailing fields and the courier fee, paid on delivery. A refusal (an order
 * invoiced meanwhile) stays in the drawer, at the field it names.
 */
export function InvoiceRequestDrawer({
  open,
  onClose,
  onRequested,
}: {
  open: boolean;
  onClose(): void;
  onRequested?(request: InvoiceRequest): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mobile = useIsMobile();
  const { companyId, locale, suggestedTitle } = useInvoiceConsole();
  const [form] = Form.useForm<InvoiceFormValues>();
  const invoiceable = useQuery({ ...invoiceQueries.invoiceable(companyId), enabled: open });
  const orders = invoiceable.data?.records ?? [];
  const apply = useInvoiceMutation(companyId, (values: InvoiceFormValues) =>
    applyForInvoice(toInvoiceBody(values, orders)),
  );
  const { submit, pending, refusal } = useSubmit(async (values: InvoiceFormValues) => {
    const request = await apply.mutateAsync(values);
    void message.success(t('invoices.form.requested', { number: request.number }));
    onRequested?.(request);
    onClose();
  });
  const type = Form.useWatch('type', form) ?? 'vatGeneral';
  const paper = (Form.useWatch('form', form) ?? 'electronic') === 'paper';
  const chosen = chosenOrders(Form.useWatch('items', form), orders);
  const rule = (field: InvoiceField | 'items') => invoiceRule(field, locale, () => orders);

  const field = (name: InvoiceField, extra?: string) => {
    const limit = INVOICE_FIELD_LIMITS[name];
    return (
      <Form.Item
        key={name}
        name={name}
        label={t(`invoices.form.fields.${name}`)}
        rules={[rule(name)]}
        dependencies={name === 'taxpayerNumber' || name === 'email' ? ['type', 'form'] : []}
        extra={extra}
      >
        <Input
          {...(limit ? { count: { show: true, max: limit } } : {})}
          type={name === 'email' ? 'email' : 'text'}
          inputMode={name === 'recipientPhone' || name === 'registeredPhone' ? 'tel' : undefined}
          autoComplete={name === 'email' ? 'email' : 'off'}
          placeholder={
            name in PLACEHOLDERS
              ? t(`invoices.form.placeholders.${PLACEHOLDERS[name]!}`)
              : undefined
          }
        />
      </Form.Item>
    );
  };

  return (
    <Drawer
      open={open}
      title={t('invoices.form.title')}
      size={mobile ? '100%' : 600}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space className="invoice-drawer-footer">
          <Button onClick={onClose}>{t('invoices.form.cancel')}</Button>
          <Button type="primary" htmlType="submit" form={FORM_ID} loading={pending}>
            {t('invoices.form.submit')}
          </Button>
        </Space>
      }
    >
      <AppForm<InvoiceFormValues>
        form={form}
        name={FORM_ID}
        id={FORM_ID}
        preserve={false}
        initialValues={{
          items: [],
          type: 'vatGeneral',
          form: 'electronic',
          title: suggestedTitle,
        }}
        onFinish={submit}
      >
        <Form.Item
          name="items"
          label={t('invoices.form.orders')}
          rules={[rule('items')]}
          validateTrigger="onChange"
          extra={orders.length > 0 ? t('invoices.form.ordersHint') : undefined}
        >
          <OrderChoice
            orders={orders}
            locale={locale}
            state={invoiceable.isPending ? 'loading' : invoiceable.isError ? 'failed' : 'read'}
          />
        </Form.Item>
        <p className="invoice-total" role="status">
          <span>{t('invoices.form.totalLabel')}</span>
          <strong>{formatYuan(totalOf(chosen), locale)}</strong>
        </p>
        <Form.Item name="type" label={t('invoices.form.type')}>
          <Radio.Group
            optionType="button"
            options={INVOICE_TYPES.map((value) => ({
              value,
              label: t(`invoices.types.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="form" label={t('invoices.form.form')}>
          <Radio.Group
            optionType="button"
            options={INVOICE_FORMS.map((value) => ({
              value,
              label: t(`invoices.forms.${value}`),
            }))}
          />
        </Form.Item>
        {field('title')}
        {field('taxpayerNumber', t('invoices.form.hints.taxpayerNumber'))}
        {field('email', t(paper ? 'invoices.form.hints.emailPaper' : 'invoices.form.hints.email'))}
        {type === 'vatSpecial' ? (
          <fieldset className="invoice-fieldset">
            <legend>{t('invoices.form.specialSection')}</legend>
            {SPECIAL_FIELDS.map((name) => field(name))}
          </fieldset>
        ) : null}
        {paper ? (
          <fieldset className="invoice-fieldset">
            <legend>{t('invoices.form.paperSection')}</legend>
            {PAPER_FIELDS.map((name) => field(name))}
            <Alert
              type="info"
              showIcon
              className="invoice-courier"
              title={t('invoices.form.courierFee', {
                fee: formatYuan(PAPER_INVOICE_COURIER_FEE_FEN, locale),
              })}
              description={t('invoices.form.courierFeeHint')}
            />
          </fieldset>
        ) : null}
        <FormRefusal refusal={refusal} />
      </AppForm>
    </Drawer>
  );
}

/** The fields with an example in their placeholder. */
const PLACEHOLDERS: Partial<
  Record<InvoiceField, 'title' | 'taxpayerNumber' | 'registeredPhone' | 'address'>
> = {
  title: 'title',
  taxpayerNumber: 'taxpayerNumber',
  registeredPhone: 'registeredPhone',
  address: 'address',
};
