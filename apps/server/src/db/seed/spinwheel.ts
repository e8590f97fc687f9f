import type { Transaction } from 'kysely';
import { playerCoinAccount } from '../../ledger/accounts.ts';
import { LEDGER_KINDS, type LedgerAccount, postTransfer } from '../../ledger/ledger.ts';
import type { Database } from '../schema.ts';

const texts = (th: string, lo: string, en: string) => JSON.stringify({ th, lo, en });
/** The demo player's coins: five spins to try the wheel with. */
export const DEMO_PLAYER_COINS = 5;
export const DEMO_WHEEL_ID = 'DEMOWHEEL001';

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
  const slice = (
    position: number,
    code: string,
    labels: [string, string, string],
    bg: string,
    fg: string,
    prize: { type: 'bonus' | 'coins' | 'item'; amount: number; item?: [string, string, string] },
    weight: number,
    stock: number | null = null,
    description: [string, string, string] = ['', '', ''],
  ) => ({
    wheel_id: DEMO_WHEEL_ID,
    version: 1,
    code,
    position,
    labels: texts(...labels),
    bg_color: bg,
    text_color: fg,
    html_descriptions: description[0] ? texts(...description) : '{}',
    prize_type: prize.type,
    amount: prize.amount,
    item_names: prize.item ? texts(...prize.item) : '{}',
    bonus_code: null,
    weight,
    stock,
    remaining: stock,
  });
  await trx
    .insertInto('spin_slices')
    .values([
      slice(
        0,
        'B10',
        ['โบนัส 10 บาท', 'ໂບນັດ 10 ບາດ', '10 baht bonus'],
        '#E63946',
        '#FFFFFF',
        { type: 'bonus', amount: 10_00 },
        30,
        null,
        [
          '<p>รับเครดิตโบนัส 10 บาทเข้ากระเป๋า</p>',
          '<p>ຮັບເຄຣດິດໂບນັດ 10 ບາດເຂົ້າກະເປົາ</p>',
          '<p>10 baht bonus credit to your wallet</p>',
        ],
      ),
      slice(1, 'C1', ['1 เหรียญ', '1 ຫຼຽນ', '1 coin'], '#F4A261', '#1D1D1D', { type: 'coins', amount: 1 }, 25),
      slice(
        2,
        'B20',
        ['โบนัส 20 บาท', 'ໂບນັດ 20 ບາດ', '20 baht bonus'],
        '#2A9D8F',
        '#FFFFFF',
        { type: 'bonus', amount: 20_00 },
        15,
      ),
      slice(3, 'C2', ['2 เหรียญ', '2 ຫຼຽນ', '2 coins'], '#E9C46A', '#1D1D1D', { type: 'coins', amount: 2 }, 12),
      slice(
        4,
        'B50',
        ['โบนัส 50 บาท', 'ໂບນັດ 50 ບາດ', '50 baht bonus'],
        '#264653',
        '#FFFFFF',
        { type: 'bonus', amount: 50_00 },
        8,
      ),
      slice(
        5,
        'SHIRT',
        ['เสื้อยืด', 'ເສື້ອຢືດ', 'T-shirt'],
        '#8E44AD',
        '#FFFFFF',
        { type: 'item', amount: 0, item: ['เสื้อยืดลายวงล้อ', 'ເສື້ອຢືດລາຍວົງລໍ້', 'Wheel T-shirt'] },
        5,
        null,
        [
          '<p>ทีมงานจะติดต่อเพื่อจัดส่งเสื้อ</p>',
          '<p>ທີມງານຈະຕິດຕໍ່ເພື່ອຈັດສົ່ງເສື້ອ</p>',
          '<p>Our team will contact you to send the shirt</p>',
        ],
      ),
      slice(
        6,
        'B100',
        ['โบนัส 100 บาท', 'ໂບນັດ 100 ບາດ', '100 baht bonus'],
        '#1D3557',
        '#F1FAEE',
        { type: 'bonus', amount: 100_00 },
        4,
      ),
      slice(
        7,
        'PHONE',
        ['มือถือ', 'ມືຖື', 'Phone'],
        '#FFB703',
        '#1D1D1D',
        { type: 'item', amount: 0, item: ['โทรศัพท์มือถือ', 'ໂທລະສັບມືຖື', 'Mobile phone'] },
        1,
        3,
        ['<p>รางวัลใหญ่ มีจำนวนจำกัด</p>', '<p>ລາງວັນໃຫຍ່ ມີຈຳນວນຈຳກັດ</p>', '<p>Grand prize, limited stock</p>'],
      ),
    ])
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
