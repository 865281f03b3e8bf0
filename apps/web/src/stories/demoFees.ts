/**
 * The demo API's answers to the fee calls (sign-package list, build-order, qry-list, get-order,
 * sum-order, qr-code-pay, the wallet, gifts, bills, consume records, counts and both exports),
 * from the server's OpenAPI examples (`ORDER_EXAMPLES`, `FEE_EXAMPLES`). It checks only the shared
 * request schemas (the purchase agreement's refusal is the schema's); what an order costs, when it
 * is paid, what the wallet holds and which initiation finds no signing are the server's to say, so
 * a story gives what the server would answer (`demoFeesFrom`) — an order's answers one after the
 * other, as a payment arriving while the page asks — rather than the demo working it out. Each
 * story's console keeps its answers to itself.
 */
import {
  FEE_EXAMPLES,
  ORDER_EXAMPLES,
  PATHS,
  buildOrderBody,
  check,
  fail,
  message,
  orderIdBody,
  qrCodePayBody,
  type Bill,
  type ConsumeCount,
  type ConsumeRecord,
  type Gift,
  type Order,
  type OrderSummary,
  type QrCodePayment,
  type SignPackage,
  type Wallet,
} from '@esign/platform';
import type { Answer, DemoRequest } from './demoApi';
import { COUNTERPART_CALLS } from './demoCounterparts';
import type { DemoConsole } from './demoData';
import { answer, type ConsoleCall } from './demoTemplates';
import { bodyOf, schemaRefusal } from './demoRequest';

/** What the demo answers in one console: a story's fixtures, as the server would answer them. */
export interface DemoFees {
  /** busi-sign-package/list. */
  packages: SignPackage[];
  /** The order build-order makes. */
  built: Order;
  /** qry-list's orders, newest first. */
  orders: Order[];
  /**
   * get-order's answers for an order, one a call and the last one from then on (a payment that
   * arrives while the page asks); an order not named here is looked up in `orders`.
   */
  orderAnswers: Record<string, Order[]>;
  summary: OrderSummary;
  /**
   * qr-code-pay's codes, one a call and the last one from then on (its method is the one asked
   * for); refused with `qrRefusal` when set.
   */
  qrCodes: QrCodePayment[];
  qrRefusal?: { status: number; text: string };
  wallet: Wallet;
  gifts: Gift[];
  /** qry-bill-list's bills, and what they amount to (the server's sum). */
  bills: Bill[];
  billsAmountFen: number;
  consumeRecords: ConsumeRecord[];
  consumeCount: ConsumeCount[];
  /** contract/create refuses for want of a signing, naming this mall (as the server does). */
  noSigningsMall?: string;
}

/** A QR code of the example valid for another `seconds` from now (the examples' has lapsed). */
export function liveQrCode(seconds = 15 * 60): QrCodePayment {
  return {
    ...structuredClone(ORDER_EXAMPLES.qrCode),
    expiresAt: new Date(Date.now() + seconds * 1000).toISOString(),
  };
}

/** What a console answers unless a story says otherwise: the examples. */
export function exampleFees(): DemoFees {
  return {
    packages: structuredClone(ORDER_EXAMPLES.packages),
    built: structuredClone(ORDER_EXAMPLES.unpaid),
    orders: [structuredClone(ORDER_EXAMPLES.paid)],
    orderAnswers: {},
    summary: structuredClone(ORDER_EXAMPLES.summary),
    qrCodes: [liveQrCode()],
    wallet: structuredClone(FEE_EXAMPLES.wallet),
    gifts: structuredClone(FEE_EXAMPLES.gifts),
    bills: structuredClone(FEE_EXAMPLES.bills),
    billsAmountFen: FEE_EXAMPLES.bills[0]!.amountFen,
    consumeRecords: structuredClone(FEE_EXAMPLES.consumeRecords),
    consumeCount: structuredClone(FEE_EXAMPLES.consumeCount),
  };
}

let pending: DemoFees | null = null;
const consoles = new WeakMap<DemoConsole, DemoFees>();

/**
 * What the next story's console answers (call it in the story's `beforeEach`): taken once, by the
 * first fee call.
 */
export function demoFeesFrom(fees: DemoFees): void {
  pending = fees;
}

function feesOf(current: DemoConsole): DemoFees {
  let fees = consoles.get(current);
  if (!fees) {
    fees = pending ? structuredClone(pending) : exampleFees();
    pending = null;
    consoles.set(current, fees);
  }
  return fees;
}

/** A page of `rows` as the body asks. */
function pageAnswer<T>(rows: T[], request: DemoRequest, extra: object = {}): Answer {
  const { current = 1, size = 10 } = bodyOf(request) as { current?: number; size?: number };
  return answer({
    records: rows.slice((current - 1) * size, current * size),
    total: rows.length,
    current,
    size,
    ...extra,
  });
}

/** An xlsx the server would stream: the demo answers a small file (saved under the app's name). */
const spreadsheet = (): Answer => ({
  status: 200,
  body: new Blob(['demo'], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  }),
});

const getOrder: ConsoleCall = (current, locale, request) => {
  const checked = check(orderIdBody, bodyOf(request), locale);
  if (!checked.ok) return schemaRefusal(checked.issues);
  const fees = feesOf(current);
  const id = String(checked.value.id);
  const answers = fees.orderAnswers[id];
  if (answers && answers.length > 0)
    return answer(answers.length > 1 ? answers.shift() : answers[0]);
  const found = [...fees.orders, fees.built].find((order) => order.id === id);
  return found ? answer(found) : { status: 404, body: fail(404, message('notFound', locale)) };
};

/** The demo API's answers to the fee calls, by path. */
export const FEE_CALLS: Record<string, ConsoleCall> = {
  [PATHS.signPackageList]: (current) => answer(feesOf(current).packages),
  [PATHS.buildOrder]: (current, locale, request) => {
    const checked = check(buildOrderBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    return answer(feesOf(current).built);
  },
  [PATHS.orderList]: (current, _locale, request) => {
    const { status } = bodyOf(request) as { status?: string };
    const orders = feesOf(current).orders.filter((order) => !status || order.status === status);
    return pageAnswer(orders, request);
  },
  [PATHS.getOrder]: getOrder,
  [PATHS.sumOrder]: (current) => answer(feesOf(current).summary),
  [PATHS.qrCodePay]: (current, locale, request) => {
    const checked = check(qrCodePayBody, bodyOf(request), locale);
    if (!checked.ok) return schemaRefusal(checked.issues);
    const fees = feesOf(current);
    if (fees.qrRefusal) {
      return {
        status: fees.qrRefusal.status,
        body: fail(fees.qrRefusal.status, fees.qrRefusal.text),
      };
    }
    const code = fees.qrCodes.length > 1 ? fees.qrCodes.shift()! : fees.qrCodes[0]!;
    return answer({ ...code, method: checked.value.method });
  },
  [PATHS.wallet]: (current) => answer(feesOf(current).wallet),
  [PATHS.giftList]: (current, _locale, request) => pageAnswer(feesOf(current).gifts, request),
  [PATHS.billList]: (current, _locale, request) =>
    pageAnswer(feesOf(current).bills, request, { amountFen: feesOf(current).billsAmountFen }),
  [PATHS.consumeCount]: (current) => answer(feesOf(current).consumeCount),
  [PATHS.consumeList]: (current, _locale, request) => {
    const { unit, state } = bodyOf(request) as { unit?: string; state?: string };
    return pageAnswer(
      feesOf(current).consumeRecords.filter(
        (record) => (!unit || record.unit === unit) && (!state || record.state === state),
      ),
      request,
    );
  },
  [PATHS.billExport]: spreadsheet,
  [PATHS.consumeExport]: spreadsheet,
  // After the counterparts' own: a story without a signing is refused first, as the server does.
  [PATHS.contractCreate]: (current, locale, request) => {
    const mall = feesOf(current).noSigningsMall;
    if (!mall) return COUNTERPART_CALLS[PATHS.contractCreate]!(current, locale, request);
    return { status: 409, body: fail(409, message('noSigningsLeft', locale), { mall }) };
  },
};
