import type { Transaction } from 'kysely';
import { playerCoinAccount } from '../../ledger/accounts.ts';
import { LEDGER_KINDS, type LedgerAccount, postTransfer } from '../../ledger/ledger.ts';
import type { Database } from '../schema.ts';

const texts = (th: string, lo: string, en: string) => JSON.stringify({ th, lo, en });
/** The demo player's coins: five spins to try the wheel with. */
export const DEMO_PLAYER_COINS = 5;
export const DEMO_WHEEL_ID = 'DEMOWHEEL001';

type InLanguages = [th: string, lo: string, en: string];

interface DemoSlice {
  code: string;
  labels: InLanguages;
  bg: string;
  fg: string;
  /** Bonus credit in minor units, coins, or a non-cash prize. */
  prize: { type: 'bonus' | 'coins'; amount: number } | { type: 'item'; item: InLanguages };
  weight: number;
  stock?: number;
  description?: InLanguages;
}

/** The demo wheel's slices, clockwise from the top. */
const DEMO_SLICES: DemoSlice[] = [
  {
    code: 'B10',
    labels: ['โบนัส 10 บาท', 'ໂບນັດ 10 ບາດ', '10 baht bonus'],
    bg: '#E63946',
    fg: '#FFFFFF',
    prize: { type: 'bonus', amount: 10_00 },
    weight: 30,
    description: [
      '<p>รับเครดิตโบนัส 10 บาทเข้ากระเป๋า</p>',
      '<p>ຮັບເຄຣດິດໂບນັດ 10 ບາດເຂົ້າກະເປົາ</p>',
      '<p>10 baht bonus credit to your wallet</p>',
    ],
  },
  {
    code: 'C1',
    labels: ['1 เหรียญ', '1 ຫຼຽນ', '1 coin'],
    bg: '#F4A261',
    fg: '#1D1D1D',
    prize: { type: 'coins', amount: 1 },
    weight: 25,
  },
  {
    code: 'B20',
    labels: ['โบนัส 20 บาท', 'ໂບນັດ 20 ບາດ', '20 baht bonus'],
    bg: '#2A9D8F',
    fg: '#FFFFFF',
    prize: { type: 'bonus', amount: 20_00 },
    weight: 15,
  },
  {
    code: 'C2',
    labels: ['2 เหรียญ', '2 ຫຼຽນ', '2 coins'],
    bg: '#E9C46A',
    fg: '#1D1D1D',
    prize: { type: 'coins', amount: 2 },
    weight: 12,
  },
  {
    code: 'B50',
    labels: ['โบนัส 50 บาท', 'ໂບນັດ 50 ບາດ', '50 baht bonus'],
    bg: '#264653',
    fg: '#FFFFFF',
    prize: { type: 'bonus', amount: 50_00 },
    weight: 8,
  },
  {
    code: 'SHIRT',
    labels: ['เสื้อยืด', 'ເສື້ອຢືດ', 'T-shirt'],
    bg: '#8E44AD',
    fg: '#FFFFFF',
    prize: { type: 'item', item: ['เสื้อยืดลายวงล้อ', 'ເສື້ອຢືດລາຍວົງລໍ້', 'Wheel T-shirt'] },
    weight: 5,
    description: [
      '<p>ทีมงานจะติดต่อเพื่อจัดส่งเสื้อ</p>',
      '<p>ທີມງານຈະຕິດຕໍ່ເພື່ອຈັດສົ່ງເສື້ອ</p>',
      '<p>Our team will contact you to send the shirt</p>',
    ],
  },
  {
    code: 'B100',
    labels: ['โบนัส 100 บาท', 'ໂບນັດ 100 ບາດ', '100 baht bonus'],
    bg: '#1D3557',
    fg: '#F1FAEE',
    prize: { type: 'bonus', amount: 100_00 },
    weight: 4,
  },
  {
    code: 'PHONE',
    labels: ['มือถือ', 'ມືຖື', 'Phone'],
    bg: '#FFB703',
    fg: '#1D1D1D',
    prize: { type: 'item', item: ['โทรศัพท์มือถือ', 'ໂທລະສັບມືຖື', 'Mobile phone'] },
    weight: 1,
    stock: 3,
    description: ['<p>รางวัลใหญ่ มีจำนวนจำกัด</p>', '<p>ລາງວັນໃຫຍ່ ມີຈຳນວນຈຳກັດ</p>', '<p>Grand prize, limited stock</p>'],
  },
];

/**
 * The demo wheel (issue 16): active, eight slices mixing bonus credit (minor units), coins and non-cash
 * prizes, one of them in small stock, and five coins for the demo player booked on the coin ledger.
 * `coinIssuer` is made outside the seed's transaction (see createSystemAccounts).
 */
export async function seedDemoSpinWheel(
  trx: Transaction<Database>,
  coinIssuer: LedgerAccount,
  playerId: string,
  now: number,
): Promise<void> {
  await trx
    .insertInto('spin_wheels')
    .values({
      id: DEMO_WHEEL_ID,
      names: texts('วงล้อนำโชค', 'ວົງລໍ້ນຳໂຊກ', 'Lucky wheel'),
      starts_at: null,
      ends_at: null,
      active: 1,
      coupon_valid_days: 7,
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await trx
    .insertInto('spin_slices')
    .values(
      DEMO_SLICES.map((slice, position) => ({
        wheel_id: DEMO_WHEEL_ID,
        version: 1,
        code: slice.code,
        position,
        labels: texts(...slice.labels),
        bg_color: slice.bg,
        text_color: slice.fg,
        html_descriptions: slice.description ? texts(...slice.description) : '{}',
        prize_type: slice.prize.type,
        amount: slice.prize.type === 'item' ? 0 : slice.prize.amount,
        item_names: slice.prize.type === 'item' ? texts(...slice.prize.item) : '{}',
        bonus_code: null,
        weight: slice.weight,
        stock: slice.stock ?? null,
        remaining: slice.stock ?? null,
      })),
    )
    .execute();
  await postTransfer(trx, {
    from: coinIssuer,
    to: await playerCoinAccount(trx, playerId),
    amount: DEMO_PLAYER_COINS,
    kind: LEDGER_KINDS.coinEarn,
    refType: 'seed',
    refId: playerId,
    now,
  });
}
