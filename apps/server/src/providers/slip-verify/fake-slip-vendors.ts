import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { slipVerify as readSlipQr } from 'promptparse/validate';
import type { SlipAccount, SlipTransfer } from './slip-verify-provider.ts';
import { bankIdOfCode } from './thai-bank-ids.ts';

/**
 * Local stand-ins for the slip vendors (tests only): HTTP servers on 127.0.0.1 that speak SlipOK's and
 * EasySlip v2's documented protocols, know the transfers a test gives them, record every request and
 * can be told to fail the ways real services do.
 */
export type FakeVendorKind = 'slipok' | 'easyslip';
export type FakeFault = 'down' | 'slow' | 'garbage' | 'rate-limit' | 'quota' | 'duplicate';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  contentType: string;
  /** The JSON body, or the multipart fields' names with the file's type and size. */
  json?: unknown;
  files?: { field: string; type: string; size: number }[];
}

export interface FakeSlipVendor {
  kind: FakeVendorKind;
  /** What the vendor's *_API_URL variable is set to. */
  url: string;
  requests: RecordedRequest[];
  /** Every answer fails this way until cleared. */
  fault: FakeFault | undefined;
  /** The transfer an uploaded image shows (the fake reads no images); none: the image has no QR. */
  imageShows: { sendingBankId: string; reference: string } | undefined;
  close(): Promise<void>;
}

export interface FakeVendorOptions {
  apiKey: string;
  branchId?: string;
  /** The vendor's knowledge of the banks' transfers. */
  find(sendingBankId: string, reference: string): Promise<SlipTransfer | null>;
  /** How long a `slow` answer takes. */
  slowMs?: number;
}

const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;

/** 10-digit numbers as Thai slips print them: xxx-x-x1234-x. */
function printed(accountNo: string): string {
  const a = accountNo.replace(/-/g, '');
  return a.length === 10 ? `${a.slice(0, 3)}-${a[3]}-${a.slice(4, 9)}-${a[9]}` : a;
}

function bangkokParts(at: number) {
  const iso = new Date(at + BANGKOK_OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10).replace(/-/g, ''), time: iso.slice(11, 19), iso: `${iso.slice(0, 19)}+07:00` };
}

function slipOkParty(account: SlipAccount) {
  return {
    displayName: 'นาย ทดสอบ ส',
    name: 'MR. TEST S',
    proxy: { type: null, value: null },
    account: { type: 'BANKAC', value: printed(account.accountNo) },
  };
}

function slipOkData(t: SlipTransfer) {
  const when = bangkokParts(t.transferredAt);
  return {
    success: true,
    message: '✅',
    rqUID: `rq-${t.reference}`,
    language: 'TH',
    transRef: t.reference,
    sendingBank: bankIdOfCode(t.sender.bankCode) ?? '',
    receivingBank: bankIdOfCode(t.receiver.bankCode) ?? '',
    transDate: when.date,
    transTime: when.time,
    sender: slipOkParty(t.sender),
    receiver: slipOkParty(t.receiver),
    amount: t.amount / 100,
    paidLocalAmount: t.amount / 100,
    paidLocalCurrency: '764',
    countryCode: 'TH',
    transFeeAmount: 0,
    ref1: '',
    ref2: '',
    ref3: '',
    toMerchantId: '',
  };
}

function easySlipParty(account: SlipAccount) {
  const id = bankIdOfCode(account.bankCode) ?? '';
  return {
    bank: { id, name: account.bankCode, short: account.bankCode },
    account: {
      name: { th: 'นาย ทดสอบ ส', en: 'MR. TEST S' },
      bank: { type: 'BANKAC', account: printed(account.accountNo) },
    },
  };
}

function easySlipRaw(t: SlipTransfer, payload: string) {
  return {
    payload,
    transRef: t.reference,
    date: bangkokParts(t.transferredAt).iso,
    countryCode: 'TH',
    amount: { amount: t.amount / 100, local: { amount: 0, currency: '' } },
    fee: 0,
    ref1: '',
    ref2: '',
    ref3: '',
    sender: easySlipParty(t.sender),
    receiver: easySlipParty(t.receiver),
  };
}

type Answer = [status: number, body: unknown];

const SLIPOK_ERRORS = {
  noField: [400, { code: 1000, message: 'กรุณาใส่ข้อมูล QR Code ให้ครบในช่อง data, files หรือ url' }],
  branch: [400, { code: 1001, message: 'ไม่พบข้อมูลสาขา กรุณาตรวจสอบไอดีสาขา' }],
  auth: [401, { code: 1002, message: 'Authorization Header ไม่ถูกต้อง' }],
  quota: [400, { code: 1004, message: 'Package ของคุณใช้ครบโควต้าแล้ว' }],
  noQr: [400, { code: 1007, message: 'รูปภาพไม่มี QR Code' }],
  notSlip: [400, { code: 1008, message: 'QR ดังกล่าวไม่ใช่ QR สำหรับการตรวจสอบการชำระเงิน' }],
  notFound: [400, { code: 1011, message: 'QR Code หมดอายุ หรือ ไม่มีรายการอยู่จริง' }],
} satisfies Record<string, Answer>;

const easySlipError = (status: number, code: string, message: string): Answer => [
  status,
  { success: false, error: { code, message } },
];
const EASYSLIP_ERRORS = {
  auth: easySlipError(401, 'UNAUTHORIZED', 'Invalid API key'),
  quota: easySlipError(403, 'QUOTA_EXCEEDED', 'Quota exceeded'),
  invalid: easySlipError(400, 'INVALID_PAYLOAD', 'Invalid payload'),
  notFound: easySlipError(404, 'SLIP_NOT_FOUND', 'Slip not found'),
  noQr: easySlipError(404, 'QRCODE_NOT_FOUND', 'QR code not found'),
  down: easySlipError(500, 'SERVER_ERROR', 'Internal server error'),
} satisfies Record<string, Answer>;

async function readRequest(req: IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const contentType = String(req.headers['content-type'] ?? '');
  const recorded: RecordedRequest = {
    method: req.method ?? '',
    path: req.url ?? '',
    headers: req.headers,
    contentType,
  };
  if (contentType.startsWith('application/json')) {
    try {
      recorded.json = JSON.parse(raw.toString('utf8'));
    } catch {
      recorded.json = undefined;
    }
  } else if (contentType.startsWith('multipart/form-data')) {
    const form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
    recorded.files = [];
    for (const [field, value] of form.entries()) {
      if (typeof value !== 'string') recorded.files.push({ field, type: value.type, size: value.size });
    }
  }
  return recorded;
}

/** Starts a fake vendor on a random loopback port. */
export async function startFakeSlipVendor(kind: FakeVendorKind, options: FakeVendorOptions): Promise<FakeSlipVendor> {
  const vendor: Omit<FakeSlipVendor, 'url' | 'close'> = { kind, requests: [], fault: undefined, imageShows: undefined };

  async function answer(req: RecordedRequest): Promise<Answer | 'garbage'> {
    const slipok = kind === 'slipok';
    if (slipok ? !req.path.startsWith('/api/line/apikey/') : req.path !== '/v2/verify/bank')
      return [404, { message: 'not found' }];
    if (req.method !== 'POST') return [405, { message: 'method not allowed' }];
    const authorized = slipok
      ? req.headers['x-authorization'] === options.apiKey
      : req.headers.authorization === `Bearer ${options.apiKey}`;
    if (!authorized) return slipok ? SLIPOK_ERRORS.auth : EASYSLIP_ERRORS.auth;
    if (slipok && req.path !== `/api/line/apikey/${options.branchId}`) return SLIPOK_ERRORS.branch;
    if (vendor.fault === 'garbage') return 'garbage';
    if (vendor.fault === 'down') return slipok ? [502, '<html>Bad Gateway</html>'] : EASYSLIP_ERRORS.down;
    if (vendor.fault === 'rate-limit') return [429, { message: 'Too Many Requests' }];
    if (vendor.fault === 'quota') return slipok ? SLIPOK_ERRORS.quota : EASYSLIP_ERRORS.quota;

    let qr: { sendingBankId: string; reference: string; payload: string } | undefined;
    const field = slipok ? 'files' : 'image';
    if (req.files?.some((f) => f.field === field)) {
      if (!vendor.imageShows) return slipok ? SLIPOK_ERRORS.noQr : EASYSLIP_ERRORS.noQr;
      qr = { ...vendor.imageShows, payload: '' };
    } else {
      const body = (req.json ?? {}) as Record<string, unknown>;
      const payload = body[slipok ? 'data' : 'payload'];
      if (typeof payload !== 'string') return slipok ? SLIPOK_ERRORS.noField : EASYSLIP_ERRORS.invalid;
      const read = readSlipQr(payload);
      if (!read) return slipok ? SLIPOK_ERRORS.notSlip : EASYSLIP_ERRORS.invalid;
      qr = { sendingBankId: read.sendingBank, reference: read.transRef, payload };
    }
    const transfer = await options.find(qr.sendingBankId, qr.reference);
    if (!transfer) return slipok ? SLIPOK_ERRORS.notFound : EASYSLIP_ERRORS.notFound;
    if (vendor.fault === 'duplicate') {
      return slipok
        ? [400, { code: 1012, message: 'สลิปซ้ำ', data: slipOkData(transfer) }]
        : [
            400,
            {
              success: false,
              error: { code: 'DUPLICATE_SLIP', message: 'Duplicate slip' },
              data: { rawSlip: easySlipRaw(transfer, qr.payload) },
            },
          ];
    }
    if (vendor.fault === 'slow') await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 2_000));
    return slipok
      ? [200, { success: true, data: slipOkData(transfer) }]
      : [
          200,
          {
            success: true,
            data: { isDuplicate: false, rawSlip: easySlipRaw(transfer, qr.payload) },
            message: 'Slip found',
          },
        ];
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    readRequest(req)
      .then(async (recorded) => {
        vendor.requests.push(recorded);
        const result = await answer(recorded);
        if (result === 'garbage') {
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"success": tru');
          return;
        }
        const [status, body] = result;
        const textBody = typeof body === 'string';
        res
          .writeHead(status, { 'content-type': textBody ? 'text/html' : 'application/json' })
          .end(textBody ? body : JSON.stringify(body));
      })
      .catch(() => {
        if (!res.headersSent) res.writeHead(400).end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return Object.assign(vendor, {
    url: kind === 'slipok' ? origin : `${origin}/v2`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
