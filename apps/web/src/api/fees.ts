/**
 * The fee calls (spec 001 §7 sicpay-account; packages/platform `orders.ts` and `fees.ts`): the
 * packages on sale, making and reading orders, a QR code to pay one, the console's order totals,
 * the wallet, gifts, bills, consume records and their counts, and the two .xlsx exports. Every
 * answer is the session's console's (the server reads it from the session), so every key carries
 * the console.
 */
import {
  PATHS,
  type Bill,
  type BillFilter,
  type BuildOrderBody,
  type ConsumeCount,
  type ConsumeFilter,
  type ConsumeRecord,
  type Gift,
  type Order,
  type OrderStatus,
  type OrderSummary,
  type Page,
  type PaymentMethod,
  type QrCodePayment,
  type SignPackage,
  type Wallet,
} from '@esign/platform';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type Query,
} from '@tanstack/react-query';
import { call } from './client';
import { fetchFile } from './counterparts';

/** A page of bills and what all the bills the filter keeps amount to (fen). */
export type BillPage = Page<Bill> & { amountFen: number };

export interface OrderPageParams {
  current: number;
  size: number;
  status?: OrderStatus;
}

export type BillPageParams = BillFilter & { current: number; size: number };
export type ConsumePageParams = ConsumeFilter & { current: number; size: number };

const post = <T>(url: string, data: unknown = {}, quiet = false) =>
  call<T>({ method: 'POST', url, data, quiet });

export const fetchSignPackages = () => post<SignPackage[]>(PATHS.signPackageList);

/**
 * busi-order/build-order. Quiet: the confirmation shows a refusal in its form (the agreement, a
 * start day in the past), at the field it names.
 */
export const buildOrder = (body: BuildOrderBody) => post<Order>(PATHS.buildOrder, body, true);

export const fetchOrderPage = (params: OrderPageParams) =>
  post<Page<Order>>(PATHS.orderList, params);

/** Quiet: the payment page says in place that the order is not there. */
export const fetchOrder = (id: string) => post<Order>(PATHS.getOrder, { id }, true);

export const fetchOrderSummary = () => post<OrderSummary>(PATHS.sumOrder);

/** Quiet: the payment page shows why no code came (paid meanwhile, lapsed, no provider). */
export const requestQrCode = (orderId: string, method: PaymentMethod) =>
  post<QrCodePayment>(PATHS.qrCodePay, { orderId, method }, true);

export const fetchWallet = () => post<Wallet>(PATHS.wallet);

export const fetchGiftPage = (current: number, size: number) =>
  post<Page<Gift>>(PATHS.giftList, { current, size });

export const fetchBillPage = (params: BillPageParams) => post<BillPage>(PATHS.billList, params);

export const fetchConsumeCount = () => post<ConsumeCount[]>(PATHS.consumeCount);

export const fetchConsumePage = (params: ConsumePageParams) =>
  post<Page<ConsumeRecord>>(PATHS.consumeList, params);

/** The bills the filter keeps, as the .xlsx the server streams: `onProgress` gets bytes. */
export const fetchBillExport = (filter: BillFilter, onProgress?: (loaded: number) => void) =>
  fetchFile({ method: 'POST', url: PATHS.billExport, data: filter }, 'bills.xlsx', onProgress);

/** The consume records the filter keeps, as the .xlsx the server streams. */
export const fetchConsumeExport = (filter: ConsumeFilter, onProgress?: (loaded: number) => void) =>
  fetchFile(
    { method: 'POST', url: PATHS.consumeExport, data: filter },
    'consume-records.xlsx',
    onProgress,
  );

/** The keys of this area's server state, each under the console it was read in. */
export const feeKeys = {
  all: (companyId: number) => ['fees', companyId] as const,
  packages: (companyId: number) => ['fees', companyId, 'packages'] as const,
  orders: (companyId: number, params: OrderPageParams) =>
    ['fees', companyId, 'orders', params] as const,
  order: (companyId: number, id: string) => ['fees', companyId, 'order', id] as const,
  summary: (companyId: number) => ['fees', companyId, 'summary'] as const,
  wallet: (companyId: number) => ['fees', companyId, 'wallet'] as const,
  gifts: (companyId: number, current: number, size: number) =>
    ['fees', companyId, 'gifts', current, size] as const,
  bills: (companyId: number, params: BillPageParams) =>
    ['fees', companyId, 'bills', params] as const,
  consumeCount: (companyId: number) => ['fees', companyId, 'consume-count'] as const,
  consume: (companyId: number, params: ConsumePageParams) =>
    ['fees', companyId, 'consume', params] as const,
};

/** How often the payment page asks whether its order was paid. */
export const PAYMENT_POLL_MS = 2_000;

/** Asked again while the order waits for its payment; settled, the page stops asking. */
const whilePending = (query: Query<Order, Error, Order, readonly unknown[]>) =>
  query.state.data?.status === 'pendingPayment' ? PAYMENT_POLL_MS : false;

export const feeQueries = {
  /** Prices change rarely: read once a visit to the mall. */
  packages: (companyId: number) =>
    queryOptions({
      queryKey: feeKeys.packages(companyId),
      queryFn: fetchSignPackages,
      staleTime: 60_000,
    }),
  orders: (companyId: number, params: OrderPageParams) =>
    queryOptions({
      queryKey: feeKeys.orders(companyId, params),
      queryFn: () => fetchOrderPage(params),
      placeholderData: keepPreviousData,
    }),
  /** One order; `poll` asks again every 2 s while it waits for its payment. */
  order: (companyId: number, id: string, poll = false) =>
    queryOptions({
      queryKey: feeKeys.order(companyId, id),
      queryFn: () => fetchOrder(id),
      enabled: id !== '',
      retry: false,
      refetchInterval: poll ? whilePending : false,
      // A payment made on a phone while this tab was in the background is seen at once.
      refetchIntervalInBackground: poll,
    }),
  summary: (companyId: number) =>
    queryOptions({ queryKey: feeKeys.summary(companyId), queryFn: fetchOrderSummary }),
  wallet: (companyId: number) =>
    queryOptions({ queryKey: feeKeys.wallet(companyId), queryFn: fetchWallet }),
  gifts: (companyId: number, current: number, size: number) =>
    queryOptions({
      queryKey: feeKeys.gifts(companyId, current, size),
      queryFn: () => fetchGiftPage(current, size),
      placeholderData: keepPreviousData,
    }),
  bills: (companyId: number, params: BillPageParams) =>
    queryOptions({
      queryKey: feeKeys.bills(companyId, params),
      queryFn: () => fetchBillPage(params),
      placeholderData: keepPreviousData,
    }),
  consumeCount: (companyId: number) =>
    queryOptions({ queryKey: feeKeys.consumeCount(companyId), queryFn: fetchConsumeCount }),
  consume: (companyId: number, params: ConsumePageParams) =>
    queryOptions({
      queryKey: feeKeys.consume(companyId, params),
      queryFn: () => fetchConsumePage(params),
      placeholderData: keepPreviousData,
    }),
};

/** build-order: the console's orders and totals are read again when next shown. */
export function useBuildOrder(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: buildOrder,
    onSuccess: (order) => {
      client.setQueryData(feeKeys.order(companyId, order.id), order);
      return client.invalidateQueries({ queryKey: feeKeys.all(companyId), refetchType: 'none' });
    },
  });
}

/** qr-code-pay: a new code for the order (each one renews its payment window). */
export function useQrCode(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, method }: { orderId: string; method: PaymentMethod }) =>
      requestQrCode(orderId, method),
    // Refused because the order changed (paid through another code, lapsed): read it again.
    onError: (_error, { orderId }) =>
      client.invalidateQueries({ queryKey: feeKeys.order(companyId, orderId) }),
  });
}

/** Once an order is paid, everything the console holds has changed: read it all again. */
export function refreshAfterPayment(client: ReturnType<typeof useQueryClient>, companyId: number) {
  return client.invalidateQueries({
    queryKey: feeKeys.all(companyId),
    predicate: (query) => query.queryKey[2] !== 'order',
  });
}
