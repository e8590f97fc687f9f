import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import { putSetting } from '../settings.repo.ts';

const banner = (name: string) => `/media/promotions/${name}.svg`;
const perLanguage = (th: string, lo: string, en: string) => JSON.stringify({ th, lo, en });

/** Settings keys of the invite and refund programmes (modules/promotions reads them). */
const INVITE_KEY = 'promotions.invite';
const REFUND_KEY = 'promotions.refund';

/**
 * Demo promotions, so the Bonus screen of a fresh `npm start` shows one bonus of each limit type and
 * the code WELCOME50 (issue 15). Amounts are minor units; percents whole percents.
 */
export async function seedDemoPromotions(trx: Transaction<Database>, now: number): Promise<void> {
  const common = { expires_at: null, enabled: 1, created_at: now, updated_at: now };
  await trx
    .insertInto('bonuses')
    .values([
      {
        ...common,
        code: 'WELCOME100',
        names: perLanguage('โบนัสต้อนรับ 100%', 'ໂບນັດຕ້ອນຮັບ 100%', 'Welcome bonus 100%'),
        notices: perLanguage(
          '<p>รับโบนัส 100% ของยอดในกระเป๋า สูงสุด 500 บาท รับได้ครั้งเดียว ทำยอดให้ถึง 2 เท่าของเครดิตเริ่มต้นจึงถอนได้ ถอนได้สูงสุด 5,000 บาท</p>',
          '<p>ຮັບໂບນັດ 100% ຂອງຍອດໃນກະເປົາ ສູງສຸດ 500 ບາດ ຮັບໄດ້ຄັ້ງດຽວ ເຮັດຍອດໃຫ້ເຖິງ 2 ເທົ່າຂອງເຄຣດິດເລີ່ມຕົ້ນຈຶ່ງຖອນໄດ້ ຖອນໄດ້ສູງສຸດ 5,000 ບາດ</p>',
          '<p>Get 100% of your wallet, up to 500 baht, once. Reach twice your starting credit to withdraw; at most 5,000 baht can be withdrawn.</p>',
        ),
        banners: JSON.stringify({
          th: [
            { image: banner('welcome'), html: '<p><strong>สมาชิกใหม่</strong> รับโบนัส 100% สูงสุด 500 บาท</p>' },
            { image: '', html: '<p>ฝากขั้นต่ำ 100 บาท เครดิตเหลือต่ำกว่า 10% โบนัสจะสิ้นสุด</p>' },
          ],
          lo: [
            { image: banner('welcome'), html: '<p><strong>ສະມາຊິກໃໝ່</strong> ຮັບໂບນັດ 100% ສູງສຸດ 500 ບາດ</p>' },
            { image: '', html: '<p>ຝາກຂັ້ນຕ່ຳ 100 ບາດ ເຄຣດິດເຫຼືອຕ່ຳກວ່າ 10% ໂບນັດຈະສິ້ນສຸດ</p>' },
          ],
          en: [
            { image: banner('welcome'), html: '<p><strong>New members</strong> get 100%, up to 500 baht</p>' },
            { image: '', html: '<p>Minimum deposit 100 baht. The bonus ends when credit falls below 10%.</p>' },
          ],
        }),
        limit_type: 'limit',
        max_received: 1,
        kind: 'percent',
        value: 100,
        max_bonus: 500_00,
        min_deposit: 100_00,
        percent_success: 200,
        percent_fail: 10,
        turnover_multiple: 0,
        max_withdraw: 5_000_00,
        sort_order: 1,
      },
      {
        ...common,
        code: 'DAILY10',
        names: perLanguage('โบนัสรายวัน 10%', 'ໂບນັດປະຈຳວັນ 10%', 'Daily bonus 10%'),
        notices: perLanguage(
          '<p>รับโบนัส 10% สูงสุด 200 บาท วันละ 1 ครั้ง ทำยอดให้ถึง 150% ของเครดิตเริ่มต้นจึงถอนได้</p>',
          '<p>ຮັບໂບນັດ 10% ສູງສຸດ 200 ບາດ ມື້ລະ 1 ຄັ້ງ ເຮັດຍອດໃຫ້ເຖິງ 150% ຂອງເຄຣດິດເລີ່ມຕົ້ນຈຶ່ງຖອນໄດ້</p>',
          '<p>Get 10%, up to 200 baht, once a day. Reach 150% of your starting credit to withdraw.</p>',
        ),
        banners: JSON.stringify({
          th: [{ image: banner('daily'), html: '<p>โบนัสทุกวัน 10%</p>' }],
          lo: [{ image: banner('daily'), html: '<p>ໂບນັດທຸກມື້ 10%</p>' }],
          en: [{ image: banner('daily'), html: '<p>10% every day</p>' }],
        }),
        limit_type: 'day',
        max_received: 1,
        kind: 'percent',
        value: 10,
        max_bonus: 200_00,
        min_deposit: 100_00,
        percent_success: 150,
        percent_fail: 10,
        turnover_multiple: 0,
        max_withdraw: 0,
        sort_order: 2,
      },
      {
        ...common,
        code: 'WEEKLY20',
        names: perLanguage('โบนัสรายสัปดาห์ 20%', 'ໂບນັດປະຈຳອາທິດ 20%', 'Weekly bonus 20%'),
        notices: perLanguage(
          '<p>รับโบนัส 20% สูงสุด 1,000 บาท สัปดาห์ละ 2 ครั้ง (เริ่มวันจันทร์) ต้องมียอดเล่นตามเงื่อนไขจึงถอนได้</p>',
          '<p>ຮັບໂບນັດ 20% ສູງສຸດ 1,000 ບາດ ອາທິດລະ 2 ຄັ້ງ (ເລີ່ມວັນຈັນ) ຕ້ອງມີຍອດຫຼິ້ນຕາມເງື່ອນໄຂຈຶ່ງຖອນໄດ້</p>',
          '<p>Get 20%, up to 1,000 baht, twice a week (weeks start on Monday). Play through the turnover to withdraw.</p>',
        ),
        banners: JSON.stringify({
          th: [{ image: banner('weekly'), html: '<p>โบนัสรายสัปดาห์ 20%</p>' }],
          lo: [{ image: banner('weekly'), html: '<p>ໂບນັດປະຈຳອາທິດ 20%</p>' }],
          en: [{ image: banner('weekly'), html: '<p>20% every week</p>' }],
        }),
        limit_type: 'week',
        max_received: 2,
        kind: 'percent',
        value: 20,
        max_bonus: 1_000_00,
        min_deposit: 300_00,
        percent_success: 0,
        percent_fail: 10,
        turnover_multiple: 3,
        max_withdraw: 0,
        sort_order: 3,
      },
    ])
    .execute();
  await trx
    .insertInto('promotion_codes')
    .values({
      code: 'WELCOME50',
      descriptions: perLanguage(
        'รับเครดิตฟรี 50 บาท ทำยอดให้ถึง 2 เท่าของเครดิตเริ่มต้นจึงถอนได้',
        'ຮັບເຄຣດິດຟຣີ 50 ບາດ ເຮັດຍອດໃຫ້ເຖິງ 2 ເທົ່າຂອງເຄຣດິດເລີ່ມຕົ້ນຈຶ່ງຖອນໄດ້',
        'Get 50 baht free. Reach twice your starting credit to withdraw.',
      ),
      kind: 'fixed',
      value: 50_00,
      max_bonus: 0,
      min_deposit: 0,
      percent_success: 200,
      percent_fail: 20,
      turnover_multiple: 0,
      max_withdraw: 1_000_00,
      max_redemptions: 1000,
      max_per_player: 1,
      redeemed: 0,
      valid_from: null,
      valid_to: null,
      enabled: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await putSetting(
    trx,
    INVITE_KEY,
    {
      enabled: true,
      percent: 5,
      percentSuccess: 200,
      percentFail: 10,
      banners: {
        th: [{ image: banner('code'), html: '<p>ชวนเพื่อนรับ 5% ทุกยอดฝากของเพื่อน</p>' }],
        lo: [{ image: banner('code'), html: '<p>ຊວນໝູ່ຮັບ 5% ທຸກຍອດຝາກຂອງໝູ່</p>' }],
        en: [{ image: banner('code'), html: '<p>Invite friends and get 5% of every deposit they make</p>' }],
      },
    },
    now,
  );
  await putSetting(
    trx,
    REFUND_KEY,
    {
      enabled: true,
      period: 'week',
      percent: 5,
      minimum: 10_00,
      cap: 2_000_00,
      percentSuccess: 150,
      percentFail: 10,
      info: {
        th: '<p>คืนยอดเสีย 5% ของสัปดาห์ที่แล้ว (จันทร์ถึงอาทิตย์) ขั้นต่ำ 10 บาท สูงสุด 2,000 บาท</p>',
        lo: '<p>ຄືນຍອດເສຍ 5% ຂອງອາທິດແລ້ວ (ຈັນຫາອາທິດ) ຂັ້ນຕ່ຳ 10 ບາດ ສູງສຸດ 2,000 ບາດ</p>',
        en: "<p>5% of last week's net loss (Monday to Sunday) back, from 10 up to 2,000 baht.</p>",
      },
      banners: {
        th: [{ image: banner('weekly'), html: '<p>คืนยอดเสียทุกสัปดาห์ 5%</p>' }],
        lo: [{ image: banner('weekly'), html: '<p>ຄືນຍອດເສຍທຸກອາທິດ 5%</p>' }],
        en: [{ image: banner('weekly'), html: '<p>5% cashback every week</p>' }],
      },
    },
    now,
  );
}
