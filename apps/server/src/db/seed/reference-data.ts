/** Thai banks with the codes Thai payment systems use; TMB is ttb (TMBThanachart) under its legacy code. */
export const THAI_BANKS: ReadonlyArray<[code: string, nameTH: string, nameEN: string]> = [
  ['KBANK', 'ธนาคารกสิกรไทย', 'Kasikornbank'],
  ['SCB', 'ธนาคารไทยพาณิชย์', 'Siam Commercial Bank'],
  ['KTB', 'ธนาคารกรุงไทย', 'Krungthai Bank'],
  ['BBL', 'ธนาคารกรุงเทพ', 'Bangkok Bank'],
  ['TMB', 'ธนาคารทหารไทยธนชาต (ttb)', 'TMBThanachart Bank (ttb)'],
  ['BAY', 'ธนาคารกรุงศรีอยุธยา', 'Bank of Ayudhya (Krungsri)'],
  ['GSB', 'ธนาคารออมสิน', 'Government Savings Bank'],
  ['BAAC', 'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร', 'Bank for Agriculture and Agricultural Cooperatives'],
  ['KKP', 'ธนาคารเกียรตินาคินภัทร', 'Kiatnakin Phatra Bank'],
  ['CIMBT', 'ธนาคารซีไอเอ็มบี ไทย', 'CIMB Thai Bank'],
  ['UOBT', 'ธนาคารยูโอบี', 'United Overseas Bank (Thai)'],
  ['LHBANK', 'ธนาคารแลนด์ แอนด์ เฮ้าส์', 'Land and Houses Bank'],
  ['TISCO', 'ธนาคารทิสโก้', 'TISCO Bank'],
  ['GHB', 'ธนาคารอาคารสงเคราะห์', 'Government Housing Bank'],
  ['ICBCT', 'ธนาคารไอซีบีซี (ไทย)', 'ICBC (Thai)'],
  ['IBANK', 'ธนาคารอิสลามแห่งประเทศไทย', 'Islamic Bank of Thailand'],
  ['TCRB', 'ธนาคารไทยเครดิต', 'Thai Credit Bank'],
];

/** Lao banks for Lao mode; nameTH holds the Lao name, as the one local-language field the contract has. */
export const LAO_BANKS: ReadonlyArray<[code: string, nameLocal: string, nameEN: string]> = [
  ['BCEL', 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ', 'Banque Pour Le Commerce Exterieur Lao'],
  ['LDB', 'ທະນາຄານພັດທະນາລາວ', 'Lao Development Bank'],
  ['APB', 'ທະນາຄານສົ່ງເສີມກະສິກຳ', 'Agricultural Promotion Bank'],
  ['JDB', 'ທະນາຄານຮ່ວມພັດທະນາ', 'Joint Development Bank'],
  ['LVB', 'ທະນາຄານຮ່ວມທຸລະກິດລາວ-ຫວຽດ', 'Lao-Viet Bank'],
  ['BFL', 'ທະນາຄານ ລາວ-ຝຣັ່ງ', 'Banque Franco-Lao'],
  ['STB', 'ທະນາຄານ ເອັສທີ', 'ST Bank'],
];

/** Where a player heard of us: Thai (the fallback), Lao and English; brands read the same in each. */
export const SOURCES: ReadonlyArray<[code: string, th: string, lo: string | null, en: string | null]> = [
  ['FACEBOOK', 'Facebook', null, null],
  ['GOOGLE', 'Google', null, null],
  ['LINE', 'LINE', null, null],
  ['TIKTOK', 'TikTok', null, null],
  ['YOUTUBE', 'YouTube', null, null],
  ['FRIEND', 'เพื่อนแนะนำ', 'ໝູ່ແນະນຳ', 'A friend'],
  ['OTHER', 'อื่น ๆ', 'ອື່ນໆ', 'Other'],
];
