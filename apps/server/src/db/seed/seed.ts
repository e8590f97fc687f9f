import { LANGUAGES, type Language } from '@wallet/contract/constants';
import type { Kysely, Transaction } from 'kysely';
import { ledgerCurrency, openPlayerAccounts, playerLedgerAccounts } from '../../ledger/accounts.ts';
import { bookMovement } from '../../ledger/booking.ts';
import { createSystemAccounts, LEDGER_KINDS, type LedgerAccount, SYSTEM_KINDS } from '../../ledger/ledger.ts';
import { orderedId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/password.ts';
import { COIN_CURRENCY } from '../../money/wheel-coins.ts';
import { CHAT_WIDGET_SETTING } from '../chat-settings.ts';
import { CONTENT_KEYS, type LocalizedContentKey, localizedContentKey } from '../content-settings.ts';
import type { Database } from '../schema.ts';
import { getSetting, putSetting } from '../settings.repo.ts';
import { seedGameCatalogue } from './game-catalogue.ts';
import { seedDemoPromotions } from './promotions.ts';
import { LAO_BANKS, SOURCES, THAI_BANKS } from './reference-data.ts';
import { seedDemoSpinWheel } from './spinwheel.ts';

/** The demo player the README names. */
export const DEMO_PLAYER = { username: '0812345678', password: 'demo1234', id: 'DEMO000001' } as const;
/**
 * The demo back-office owner the README names (no two-factor). Never in production: its password is
 * public and one of the first guessed (the password rule would refuse it; the seed does not ask).
 */
export const DEMO_OPERATOR = { username: 'admin', password: 'admin1234', id: 'DEMOADMIN001' } as const;
/** The canned replies the demo's agents start with. */
const DEMO_CANNED_REPLIES = [
  {
    title: 'ทักทาย',
    th: 'สวัสดีค่ะ ยินดีให้บริการ มีอะไรให้ช่วยไหมคะ',
    lo: 'ສະບາຍດີ ຍິນດີໃຫ້ບໍລິການ ມີຫຍັງໃຫ້ຊ່ວຍບໍ່',
    en: 'Hello, thank you for contacting us. How can we help?',
  },
  {
    title: 'ตรวจสอบยอดฝาก',
    th: 'กรุณารอสักครู่ เจ้าหน้าที่กำลังตรวจสอบยอดฝากของคุณ',
    lo: 'ກະລຸນາລໍຖ້າຈັກໜ່ອຍ ພະນັກງານກຳລັງກວດສອບຍອດຝາກຂອງທ່ານ',
    en: 'Please wait a moment while we check your deposit.',
  },
] as const;
/** 1,000 baht in minor units. */
const DEMO_OPENING_DEPOSIT = 100_000;

/**
 * Reference data every installation needs (banks, sources) and, when `demo` is set, demo content and
 * the demo player. Runs once: a marker setting records that it did, so operator edits are never
 * overwritten by a restart.
 */
export async function seed(
  db: Kysely<Database>,
  options: { demo: boolean; demoOperator?: boolean; now?: number },
): Promise<boolean> {
  // The catalogue is merged at every start (new providers appear, operator edits stay), and only on
  // installations with demo data: production lists only the providers it has contracts with.
  if (options.demo) await seedGameCatalogue(db);
  if (options.demoOperator) await seedDemoOperator(db, options.now ?? Date.now());
  if (await getSetting<boolean>(db, 'seeded')) return false;
  const now = options.now ?? Date.now();
  // System accounts are made outside the seed's transaction (see createSystemAccounts).
  const clearing = options.demo ? await createSystemAccounts(db)(SYSTEM_KINDS.bankClearing, '', 'THB') : null;
  const coinIssuer = options.demo ? await createSystemAccounts(db)(SYSTEM_KINDS.coinIssuer, '', COIN_CURRENCY) : null;
  await db.transaction().execute(async (trx) => {
    const banks = [
      ...THAI_BANKS.map(([code, th, en], i) => ({ code, name_th: th, name_en: en, country: 'TH', sort_order: i })),
      ...LAO_BANKS.map(([code, lo, en], i) => ({ code, name_th: lo, name_en: en, country: 'LA', sort_order: i })),
    ];
    await trx.insertInto('banks').values(banks).execute();
    await trx
      .insertInto('sources')
      .values(
        SOURCES.map(([code, th, lo, en], i) => ({
          code,
          description: th,
          description_lo: lo,
          description_en: en,
          sort_order: i,
        })),
      )
      .execute();
    if (clearing) await seedDemo(trx, clearing, now);
    if (clearing) await seedDemoPromotions(trx, now);
    if (coinIssuer) await seedDemoSpinWheel(trx, coinIssuer, DEMO_PLAYER.id, now);
    await putSetting(trx, 'seeded', true, now);
  });
  return true;
}

async function seedDemo(trx: Transaction<Database>, clearing: LedgerAccount, now: number): Promise<void> {
  // Support chat on, with two canned replies for the agents' console (issue 17).
  await putSetting(trx, CHAT_WIDGET_SETTING, true, now);
  await trx
    .insertInto('chat_canned_replies')
    .values(
      DEMO_CANNED_REPLIES.map((reply, i) => ({
        id: `DEMOCANNED${i + 1}`,
        title: reply.title,
        text_th: reply.th,
        text_lo: reply.lo,
        text_en: reply.en,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  // An https address, as the back office requires of a website (a reserved .example domain: a demo).
  await putSetting(trx, CONTENT_KEYS.info, { name: 'Lucky Wallet', website: 'https://lucky-wallet.example' }, now);
  // The texts a player reads, per language (issue 18): Thai under the plain key, Lao and English beside it.
  const line = {
    lineLink: 'https://line.me/R/ti/p/@luckywallet',
    lineName: '@luckywallet',
    lineQR: '/media/line-qr.svg',
  };
  const texts: Record<Language, { contact: string; conditions: string[]; agreements: string[]; notice: string }> = {
    th: {
      contact: 'ทีมงานดูแลตลอด 24 ชั่วโมง ติดต่อเราทาง LINE ได้ทุกเวลา',
      conditions: [
        '<p><strong>ฝากเงิน</strong> ยอดเข้ากระเป๋าภายใน 1 นาที</p>',
        '<p><strong>สลิป</strong> อัปโหลดภายใน 1 ชั่วโมงหลังโอน</p>',
        '<p><strong>โบนัส</strong> ถอนบางส่วนหลังรับโบนัส เครดิตที่เหลือจะถูกตัดทั้งหมด</p>',
        '<p><strong>จบโบนัส</strong> ย้ายเงินจากเกมกลับกระเป๋าหลักก่อน</p>',
      ],
      agreements: [
        '<p>ผู้เล่นต้องมีอายุ 20 ปีบริบูรณ์ขึ้นไป</p>',
        '<p>หนึ่งบุคคลต่อหนึ่งบัญชีและหนึ่งบัญชีธนาคาร</p>',
        '<p>การถอนเงินโอนเข้าบัญชีธนาคารที่ลงทะเบียนไว้เท่านั้น</p>',
      ],
      notice: '<p>ยินดีต้อนรับสู่ Lucky Wallet</p>',
    },
    lo: {
      contact: 'ທີມງານພ້ອມດູແລທ່ານຕະຫຼອດ 24 ຊົ່ວໂມງ ຕິດຕໍ່ພວກເຮົາທາງ LINE ໄດ້ທຸກເວລາ',
      conditions: [
        '<p><strong>ຝາກເງິນ</strong> ເງິນເຂົ້າກະເປົາພາຍໃນ 1 ນາທີ</p>',
        '<p><strong>ສະລິບ</strong> ອັບໂຫຼດພາຍໃນ 1 ຊົ່ວໂມງຫຼັງຈາກໂອນ</p>',
        '<p><strong>ໂບນັດ</strong> ຖ້າຖອນພຽງບາງສ່ວນຫຼັງຮັບໂບນັດ ເຄຣດິດທີ່ເຫຼືອຈະຖືກຕັດທັງໝົດ</p>',
        '<p><strong>ສິ້ນສຸດໂບນັດ</strong> ຍ້າຍເງິນຈາກເກມກັບຄືນກະເປົາຫຼັກກ່ອນ</p>',
      ],
      agreements: [
        '<p>ຜູ້ຫຼິ້ນຕ້ອງມີອາຍຸ 20 ປີບໍລິບູນຂຶ້ນໄປ</p>',
        '<p>ໜຶ່ງຄົນຕໍ່ໜຶ່ງບັນຊີ ແລະ ໜຶ່ງບັນຊີທະນາຄານ</p>',
        '<p>ການຖອນເງິນຈະໂອນເຂົ້າບັນຊີທະນາຄານທີ່ລົງທະບຽນໄວ້ເທົ່ານັ້ນ</p>',
      ],
      notice: '<p>ຍິນດີຕ້ອນຮັບສູ່ Lucky Wallet</p>',
    },
    en: {
      contact: 'Our team is here for you 24 hours a day. Reach us on LINE at any time.',
      conditions: [
        '<p><strong>Deposits</strong> reach your wallet within 1 minute.</p>',
        '<p><strong>Slips</strong> must be uploaded within 1 hour of the transfer.</p>',
        '<p><strong>Bonus</strong> Withdrawing only part after a bonus forfeits the remaining credit.</p>',
        '<p><strong>Ending a bonus</strong> Move all game funds back to the main wallet first.</p>',
      ],
      agreements: [
        '<p>Players must be 20 years of age or older.</p>',
        '<p>One person, one account, one bank account.</p>',
        '<p>Withdrawals go only to your registered bank account.</p>',
      ],
      notice: '<p>Welcome to Lucky Wallet</p>',
    },
  };
  for (const language of LANGUAGES) {
    const text = texts[language];
    const key = (k: LocalizedContentKey) => localizedContentKey(k, language);
    await putSetting(trx, key(CONTENT_KEYS.contact), { contactText: text.contact, ...line }, now);
    await putSetting(trx, key(CONTENT_KEYS.conditions), text.conditions, now);
    await putSetting(trx, key(CONTENT_KEYS.agreements), text.agreements, now);
    await putSetting(trx, key(CONTENT_KEYS.notice), text.notice, now);
  }
  await putSetting(trx, CONTENT_KEYS.withdrawLimits, { withdrawMinMinor: 100_00, withdrawMaxMinor: 50_000_00 }, now);
  await putSetting(trx, CONTENT_KEYS.slipWindow, { closedFrom: '23:50', closedTo: '00:10' }, now);
  await putSetting(
    trx,
    CONTENT_KEYS.deposit,
    {
      banks: [
        {
          bankCode: 'KBANK',
          bankType: 'BANK',
          mode: 'AUTO',
          bankAccountName: 'LUCKY WALLET CO LTD',
          bankAccountNo: '1234567890',
          currency: 'THB',
          bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
        },
        {
          bankCode: 'SCB',
          bankType: 'BANK',
          mode: 'SMS',
          bankAccountName: 'LUCKY WALLET CO LTD',
          bankAccountNo: '9876543210',
          currency: 'THB',
          bank: { nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank' },
        },
        // QR payment gateways (SPEC §2): each PAYMENT entry switches its gateway's QR deposit on.
        {
          bankCode: 'KBANK',
          bankType: 'PAYMENT',
          mode: 'AUTO',
          bankAccountName: 'LUCKY WALLET CO LTD',
          bankAccountNo: 'M100001',
          currency: 'THB',
          bank: { nameTH: 'คิวอาร์ กสิกรไทย', nameEN: 'Kasikornbank QR' },
        },
        {
          bankCode: 'WW',
          bankType: 'PAYMENT',
          mode: 'AUTO',
          bankAccountName: 'LUCKY WALLET CO LTD',
          bankAccountNo: 'M100002',
          currency: 'THB',
          bank: { nameTH: 'ดับเบิลยูดับเบิลยู เพย์', nameEN: 'WW Pay' },
        },
        {
          bankCode: 'PAYTIMZ',
          bankType: 'PAYMENT',
          mode: 'AUTO',
          bankAccountName: 'LUCKY WALLET CO LTD',
          bankAccountNo: 'M100003',
          currency: 'THB',
          bank: { nameTH: 'เพย์ไทม์ซ', nameEN: 'Paytimz' },
        },
        {
          bankCode: 'PAYONEX',
          bankType: 'PAYMENT',
          mode: 'AUTO',
          bankAccountName: 'LUCKY WALLET CO LTD',
          bankAccountNo: 'M100004',
          currency: 'THB',
          bank: { nameTH: 'เพย์โอเน็กซ์', nameEN: 'Payonex' },
        },
        {
          bankCode: 'ZPAY',
          bankType: 'PAYMENT',
          mode: 'AUTO',
          bankAccountName: 'LUCKY WALLET CO LTD',
          bankAccountNo: 'M100005',
          currency: 'THB',
          bank: { nameTH: 'ซีเพย์', nameEN: 'ZPay' },
        },
      ],
      wallets: [{ walletAccountName: '0899999999', mode: 'LINK' }],
      isManual: false,
    },
    now,
  );

  await trx
    .insertInto('users')
    .values({
      id: DEMO_PLAYER.id,
      username: DEMO_PLAYER.username,
      name: 'สมชาย ใจดี',
      password_hash: await hashPassword(DEMO_PLAYER.password),
      bank_code: 'KBANK',
      bank_account_name: 'สมชาย ใจดี',
      bank_account_no: '0123456789',
      currency: null,
      source_code: 'FACEBOOK',
      inviter_id: null,
      status: 'active',
      created_at: now,
      updated_at: now,
    })
    .execute();
  await openPlayerAccounts(trx, DEMO_PLAYER.id, ledgerCurrency(null), now);
  // A first deposit, booked like any other, so the demo wallet has money to play with.
  const { wallet } = await playerLedgerAccounts(trx, DEMO_PLAYER.id);
  await bookMovement(trx, {
    statement: {
      id: orderedId(now),
      userId: DEMO_PLAYER.id,
      statementType: 'deposit',
      fromCode: 'KBANK',
      toCode: 'WALLET',
      status: 'SUCCESS',
      gameAccountId: null,
    },
    from: clearing,
    to: wallet,
    amount: DEMO_OPENING_DEPOSIT,
    kind: LEDGER_KINDS.deposit,
    now,
  });
}

/**
 * Adds the demo owner while the installation has no operator at all, also on a database seeded
 * before the back office existed; once staff exist (or the demo owner was renamed) it adds nothing.
 */
async function seedDemoOperator(db: Kysely<Database>, now: number): Promise<void> {
  const anyOperator = await db.selectFrom('operators').select('id').limit(1).executeTakeFirst();
  if (anyOperator) return;
  await db
    .insertInto('operators')
    .values({
      id: DEMO_OPERATOR.id,
      username: DEMO_OPERATOR.username,
      password_hash: await hashPassword(DEMO_OPERATOR.password),
      role: 'owner',
      status: 'active',
      totp_secret: null,
      totp_pending_secret: null,
      totp_last_step: null,
      created_at: now,
      updated_at: now,
      last_login_at: null,
      // A published demo password: forcing a change would only stand in the demo's way.
      must_change_password: 0,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
