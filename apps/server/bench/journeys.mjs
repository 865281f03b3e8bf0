/**
 * A person's use of the platform, over HTTP only, for the benches that drive whole server
 * processes (memory.mjs here; a proxy in front of several processes): people sign in (by password,
 * some by an SMS code), look at their lists and details, and take contracts from an uploaded PDF
 * to the signatures of both parties — the initiator uploads and sends it, the other party fills
 * in its field, both confirm by SMS code and sign. Nothing but the API is used (the development
 * SMS outbox gives the codes), so the server may be anywhere behind any proxy.
 *
 * The people register themselves (an SMS code, then real-name verification by the development
 * bank card provider), as many as the SMS limits require: a phone gets 5 codes an hour and one a
 * minute per purpose, so each person signs a few contracts and new people register as the load
 * goes on. Each person sends its own client address in X-Forwarded-For, as behind a proxy: the
 * server must run with TRUST_PROXY=1 (and a proxy in front must pass the header on, as
 * `$proxy_add_x_forwarded_for` does), or its per-address limits stop the load after 20 codes.
 *
 * Plain JavaScript, so that node runs it without a build; its types are in journeys.d.mts.
 */

/** The API calls a person makes here (`@esign/platform` PATHS, under /api). */
export const JOURNEY_PATHS = {
  token: '/blade-auth/oauth/token',
  smsLoginCode: '/blade-auth/oauth/sms-sicpay',
  sendRegisterCode: '/blade-user/busi-user/nologin/send-msg-for-register',
  register: '/blade-user/busi-user/nologin/register',
  authByBankcard: '/blade-user/busi-user/auth-by-bankcard',
  userInfo: '/blade-user/busi-user/userInfo',
  devOutbox: '/dev/outbox',
  upload: '/blade-resource/buis-upload/upload',
  documentCreate: '/sicpay-contract/document/create',
  contractCreate: '/sicpay-contract/contract/create',
  contractMyPage: '/sicpay-contract/contract/myPage',
  contractQuickPage: '/sicpay-contract/contract/quickPage',
  dashboard: '/sicpay-contract/contract/statistics',
  contractDetail: '/sicpay-contract/contract/detail',
  contractWrite: '/sicpay-contract/contract/write',
  contractSeals: '/sicpay-contract/seal/listContractSeal',
  contractSendAuthCode: '/sicpay-contract/base/sendAuthCode',
  contractValidateAuthCode: '/sicpay-contract/base/validateAuthCode',
  contractSign: '/sicpay-contract/contract/sign',
  unreadMessages: '/sicpay-message/messageMessageCenter/page',
  unreadCount: '/sicpay-message/messageMessageCenter/getCurrentUserUnReadCount',
};

/** What each request is counted as. */
export const KINDS = [
  'register',
  'login',
  'code',
  'list',
  'detail',
  'initiate',
  'fill',
  'seal',
  'sign',
];

const CLIENT = `Basic ${Buffer.from('esign:esign_secret').toString('base64')}`;
const PASSWORD = 'Bench12345';
const A4 = { width: 595.28, height: 841.89 };
/** The server's SMS limits (sms/codes.ts): per phone 5 an hour, one a minute per purpose. */
const CODES_PER_HOUR = 5;
const RESEND_AFTER_MS = 61_000;
const HOUR_MS = 3_600_000;

/** A one-page A4 contract as a word processor would give it, with a correct cross-reference table. */
export function contractPdf() {
  const lines = [
    'Supply agreement',
    'The supplier delivers the goods described in the order to the address filled in below.',
    'The client pays within thirty days of delivery. Both parties sign below.',
  ];
  const text = lines
    .map(
      (line, index) =>
        `BT /F1 ${index === 0 ? 18 : 11} Tf 60 ${780 - index * 30} Td (${line}) Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.7\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}

let uuids = 0;
/** An element or page uuid of the editor's shape (21 characters of [A-Za-z0-9_-]). */
function uuid() {
  uuids += 1;
  return `bench${String(uuids).padStart(6, '0')}${Math.random().toString(36).slice(2, 12)}`
    .padEnd(21, 'x')
    .slice(0, 21);
}

/**
 * The editor's project on the contract's page: A's and B's signatures at the foot, B's address
 * to fill in at the top. The server completes and checks it with the editor's own parseProject.
 */
export function journeyProject() {
  const element = (elName, title, party, left, top, width, height, required = true) => ({
    uuid: uuid(),
    elName,
    title,
    config: { party, required },
    commonStyle: { left, top, width, height },
  });
  const address = element('text', 'Address', 'B', 60, 120, 200, 30);
  return {
    project: {
      width: A4.width,
      height: A4.height,
      hasSource: true,
      participants: [
        { party: 'A', name: 'Supplier', sign: true, fill: false },
        { party: 'B', name: 'Client', sign: true, fill: true },
      ],
      pages: [
        {
          uuid: uuid(),
          elements: [
            element('signature', 'Signature of A', 'A', 60, 640, 120, 50),
            element('signature', 'Signature of B', 'B', 360, 640, 120, 50),
            address,
          ],
        },
      ],
    },
    addressUuid: address.uuid,
  };
}

/** A failed request: the journey it was part of stops there. */
class RequestFailed extends Error {}

/** Where the latencies and failures of a load are gathered. */
export function createRecorder() {
  return {
    requests: 0,
    errors: 0,
    /** The first failures, as `kind METHOD path: status message`. */
    errorSamples: [],
    byKind: Object.fromEntries(KINDS.map((kind) => [kind, []])),
  };
}

const random = (digits) =>
  Array.from({ length: digits }, () => Math.floor(Math.random() * 10)).join('');

/**
 * One call to the API as `user` (its address, its session): gives the envelope's data, or the
 * token endpoint's answer. Counts its latency under `kind`; a failure (any status but 200, or
 * success false) is counted and thrown.
 */
async function request(world, rec, kind, user, method, path, options = {}) {
  const url = new URL(`${world.base}/api${path}`);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    url.searchParams.set(name, String(value));
  }
  const headers = { 'X-Forwarded-For': user.address, Lang: user.lang };
  let body;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    headers.Authorization = CLIENT;
    if (user.token) headers['Blade-Auth'] = `bearer ${user.token}`;
    body = new URLSearchParams(options.form).toString();
  } else {
    if (user.token) headers['Blade-Auth'] = `bearer ${user.token}`;
    if (options.multipart) body = options.multipart;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
  }
  const started = performance.now();
  let status = 0;
  let answer;
  try {
    const response = await fetch(url, { method, headers, body });
    status = response.status;
    const text = await response.text();
    try {
      answer = JSON.parse(text);
    } catch {
      answer = { msg: text.slice(0, 200) };
    }
  } catch (error) {
    answer = { msg: error instanceof Error ? error.message : String(error) };
  }
  rec.byKind[kind].push(performance.now() - started);
  rec.requests += 1;
  const ok = status === 200 && (options.form ? true : answer?.success !== false);
  if (!ok) {
    rec.errors += 1;
    const sample = `${kind} ${method} ${path}: ${status} ${answer?.msg ?? answer?.error_description ?? ''}`;
    if (rec.errorSamples.length < 20) rec.errorSamples.push(sample);
    throw new RequestFailed(sample);
  }
  return options.form ? answer : answer.data;
}

/** Whether `user` may be sent another code for `purpose` now, by the server's limits. */
function maySend(user, purpose, now = Date.now()) {
  const lastHour = user.codesSent.filter((at) => now - at < HOUR_MS).length;
  const last = user.lastCodeAt[purpose] ?? 0;
  return lastHour < CODES_PER_HOUR && now - last > RESEND_AFTER_MS;
}

function noteSent(user, purpose) {
  const now = Date.now();
  user.codesSent.push(now);
  user.lastCodeAt[purpose] = now;
}

/** The newest code the development outbox shows for `user`'s phone and `purpose`. */
async function outboxCode(world, rec, user, purpose) {
  const messages = await request(world, rec, 'code', user, 'GET', JOURNEY_PATHS.devOutbox, {
    query: { phone: user.phone },
  });
  const message = messages.find((item) => item.purpose === purpose);
  if (!message) {
    rec.errors += 1;
    throw new RequestFailed(`no ${purpose} code in the outbox for ${user.phone}`);
  }
  return message.code;
}

/** Registers a new person and verifies its real name; gives it signed in. */
async function register(world, rec) {
  world.people += 1;
  const user = {
    phone: `17${random(9)}`,
    address: `10.${world.network}.${(world.people >> 8) & 255}.${world.people & 255}`,
    lang: world.people % 3 === 0 ? 'zh' : 'en',
    name: `Bench Person ${world.people}`,
    token: undefined,
    busy: true,
    codesSent: [],
    lastCodeAt: {},
    contracts: [],
  };
  await request(world, rec, 'register', user, 'POST', JOURNEY_PATHS.sendRegisterCode, {
    query: { phone: user.phone },
  });
  noteSent(user, 'register');
  const code = await outboxCode(world, rec, user, 'register');
  const session = await request(world, rec, 'register', user, 'POST', JOURNEY_PATHS.register, {
    query: { phone: user.phone, code, password: PASSWORD },
  });
  user.token = session.access_token;
  await request(world, rec, 'register', user, 'POST', JOURNEY_PATHS.authByBankcard, {
    body: {
      name: user.name,
      // Unique in the tenant; the development providers fail only numbers ending in 4.
      idNumber: `${random(17)}X`,
      bankCard: `6222${random(11)}5`,
      phone: user.phone,
      agreement: true,
    },
  });
  world.users.push(user);
  return user;
}

/**
 * Takes a person for a journey (one journey at a time each) who may be sent a code for each of
 * `purposes` now; registers a new one when nobody may.
 */
async function takeUser(world, rec, purposes) {
  const now = Date.now();
  const ready = world.users.find(
    (user) =>
      !user.busy &&
      purposes.every((purpose) => maySend(user, purpose, now)) &&
      user.codesSent.filter((at) => now - at < HOUR_MS).length + purposes.length <= CODES_PER_HOUR,
  );
  if (ready) {
    ready.busy = true;
    return ready;
  }
  return register(world, rec);
}

/** Signs `user` in: by password, or by an SMS login code from the outbox. */
async function login(world, rec, user, bySms) {
  let form;
  if (bySms) {
    await request(world, rec, 'code', user, 'GET', JOURNEY_PATHS.smsLoginCode, {
      query: { phone: user.phone },
    });
    noteSent(user, 'login');
    const code = await outboxCode(world, rec, user, 'login');
    form = { grant_type: 'sms', tenant_id: '000000', phone: user.phone, code };
  } else {
    form = {
      grant_type: 'password',
      tenant_id: '000000',
      username: user.phone,
      password: PASSWORD,
    };
  }
  user.token = undefined;
  const answer = await request(world, rec, 'login', user, 'POST', JOURNEY_PATHS.token, { form });
  user.token = answer.access_token;
}

/** What a person looks at on the home page and the contract lists. */
async function lists(world, rec, user) {
  const page = { current: 1, size: 10 };
  await request(world, rec, 'list', user, 'GET', JOURNEY_PATHS.contractQuickPage, {
    query: { ...page, tab: 'todo' },
  });
  await request(world, rec, 'list', user, 'GET', JOURNEY_PATHS.contractMyPage, {
    query: { ...page, tab: 'all' },
  });
  await request(world, rec, 'list', user, 'GET', JOURNEY_PATHS.unreadMessages, { query: page });
  await request(world, rec, 'list', user, 'GET', JOURNEY_PATHS.unreadCount);
  await request(world, rec, 'list', user, 'GET', JOURNEY_PATHS.dashboard);
}

/** A contract's detail, as its page opens. */
function detail(world, rec, user, id) {
  return request(world, rec, 'detail', user, 'GET', JOURNEY_PATHS.contractDetail, {
    query: { id },
  });
}

/** Confirms by SMS code and signs contract `id` with the first seal offered. */
async function sign(world, rec, user, id) {
  await request(world, rec, 'code', user, 'GET', JOURNEY_PATHS.contractSendAuthCode, {
    query: { id, purpose: 'sign' },
  });
  noteSent(user, 'sign');
  const code = await outboxCode(world, rec, user, 'sign');
  const { ticket } = await request(
    world,
    rec,
    'code',
    user,
    'POST',
    JOURNEY_PATHS.contractValidateAuthCode,
    { body: { id, code, purpose: 'sign' } },
  );
  const seals = await request(world, rec, 'seal', user, 'GET', JOURNEY_PATHS.contractSeals, {
    query: { id },
  });
  if (!seals[0]) {
    rec.errors += 1;
    throw new RequestFailed(`no seal offered to ${user.phone} for contract ${id}`);
  }
  await request(world, rec, 'sign', user, 'POST', JOURNEY_PATHS.contractSign, {
    body: { id, sealId: seals[0].id, ticket },
  });
}

/**
 * One journey: A signs in (every third by SMS code), looks at its lists and last contract,
 * uploads the PDF and sends it to B; B signs in, finds it, fills in its address and signs; A
 * signs; A sees it completed. Gives the contract's id.
 */
export async function runJourney(world, rec) {
  const bySms = world.journeys % 3 === 2;
  world.journeys += 1;
  const a = await takeUser(world, rec, bySms ? ['login', 'sign'] : ['sign']);
  let b;
  try {
    b = await takeUser(world, rec, ['sign']);
    await login(world, rec, a, bySms);
    await lists(world, rec, a);
    await request(world, rec, 'detail', a, 'GET', JOURNEY_PATHS.userInfo);
    if (a.contracts.length > 0) await detail(world, rec, a, a.contracts.at(-1));

    const form = new FormData();
    form.append('file', new Blob([world.pdf], { type: 'application/pdf' }), 'supply-agreement.pdf');
    const file = await request(world, rec, 'initiate', a, 'POST', JOURNEY_PATHS.upload, {
      multipart: form,
    });
    const document = await request(
      world,
      rec,
      'initiate',
      a,
      'POST',
      JOURNEY_PATHS.documentCreate,
      {
        body: { fileId: file.id },
      },
    );
    const { project, addressUuid } = journeyProject();
    const created = await request(world, rec, 'initiate', a, 'POST', JOURNEY_PATHS.contractCreate, {
      body: {
        name: `Supply agreement ${world.journeys}`,
        signingOrder: 'parallel',
        participants: [
          { party: 'A', kind: 'person', name: a.name, phone: a.phone },
          { party: 'B', kind: 'person', name: b.name, phone: b.phone },
        ],
        documentId: document.id,
        project,
      },
    });
    const id = Number(created.id);
    a.contracts.push(id);
    b.contracts.push(id);

    await login(world, rec, b, false);
    await lists(world, rec, b);
    await detail(world, rec, b, id);
    await request(world, rec, 'fill', b, 'POST', JOURNEY_PATHS.contractWrite, {
      body: { id, values: { [addressUuid]: `No. ${world.journeys} Harbour Road, Shanghai` } },
    });
    await sign(world, rec, b, id);
    await sign(world, rec, a, id);
    const done = await detail(world, rec, a, id);
    const status = done?.status ?? done?.contract?.status;
    if (status !== 'completed') {
      rec.errors += 1;
      throw new RequestFailed(`contract ${id} is ${status} after both signatures`);
    }
    return id;
  } finally {
    a.busy = false;
    if (b) b.busy = false;
  }
}

/**
 * Registers `people` persons on the server at `base` (2 by default), ready for journeys. Gives
 * the world `runMixedLoad` and `runJourney` use; it registers more people as the load needs.
 */
export async function prepareWorld(base, { people = 2 } = {}) {
  const world = {
    base: base.replace(/\/$/, ''),
    pdf: contractPdf(),
    users: [],
    people: 0,
    journeys: 0,
    // Addresses 10.n.x.y, n random: worlds made one after another on one database have their
    // own, as their own phones.
    network: 1 + Math.floor(Math.random() * 254),
  };
  const rec = createRecorder();
  for (let i = 0; i < people; i++) (await register(world, rec)).busy = false;
  if (rec.errors > 0) throw new Error(`preparing the world failed: ${rec.errorSamples.join('; ')}`);
  return world;
}

/** The value at percentile `p` (0–100) of ascending `sorted`. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Runs journeys on `concurrency` workers (each one journey at a time) until `rounds` journeys
 * have been started, or `durationMs` has passed (whichever is given; both: whichever comes
 * first). A failed request stops its journey and is counted; the load goes on.
 */
export async function runMixedLoad({ base, world, rounds, durationMs, concurrency = 2 }) {
  if (rounds === undefined && durationMs === undefined) {
    throw new Error('runMixedLoad needs rounds or durationMs');
  }
  const people = world ?? (await prepareWorld(base, { people: 2 * concurrency }));
  const rec = createRecorder();
  const started = performance.now();
  const deadline = durationMs === undefined ? Infinity : started + durationMs;
  let begun = 0;
  let completed = 0;
  const worker = async () => {
    while ((rounds === undefined || begun < rounds) && performance.now() < deadline) {
      begun += 1;
      try {
        await runJourney(people, rec);
        completed += 1;
      } catch (error) {
        if (!(error instanceof RequestFailed)) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsedMs = performance.now() - started;
  return {
    requests: rec.requests,
    errors: rec.errors,
    errorSamples: rec.errorSamples,
    journeys: begun,
    completed,
    elapsedMs,
    byKind: rec.byKind,
  };
}

/** Throughput and latency percentiles of a load's result, per kind and over all requests. */
export function summarize(result) {
  const row = (latencies) => {
    const sorted = [...latencies].sort((x, y) => x - y);
    return {
      count: sorted.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
    };
  };
  const kinds = Object.fromEntries(
    Object.entries(result.byKind)
      .filter(([, latencies]) => latencies.length > 0)
      .map(([kind, latencies]) => [kind, row(latencies)]),
  );
  return {
    requestsPerSecond: result.requests / (result.elapsedMs / 1000),
    journeysPerMinute: result.completed / (result.elapsedMs / 60_000),
    all: row(Object.values(result.byKind).flat()),
    kinds,
  };
}
