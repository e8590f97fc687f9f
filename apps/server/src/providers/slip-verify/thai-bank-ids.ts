/**
 * Thai interbank bank ids (the 3-digit codes of the Bank of Thailand's list) for the bank codes the app
 * uses. A slip's mini QR names the sending bank by this id; the statement and the player's profile
 * name it by code.
 */
const BANK_IDS: ReadonlyArray<readonly [id: string, code: string]> = [
  ['002', 'BBL'],
  ['004', 'KBANK'],
  ['006', 'KTB'],
  ['011', 'TMB'],
  ['014', 'SCB'],
  ['022', 'CIMBT'],
  ['024', 'UOBT'],
  ['025', 'BAY'],
  ['030', 'GSB'],
  ['033', 'GHB'],
  ['034', 'BAAC'],
  ['066', 'IBANK'],
  ['067', 'TISCO'],
  ['069', 'KKP'],
  ['070', 'ICBCT'],
  ['071', 'TCRB'],
  ['073', 'LHBANK'],
];

const CODE_BY_ID = new Map(BANK_IDS.map(([id, code]) => [id, code]));
const ID_BY_CODE = new Map(BANK_IDS.map(([id, code]) => [code, id]));

export function bankCodeOfId(id: string): string | undefined {
  return CODE_BY_ID.get(id);
}

export function bankIdOfCode(code: string): string | undefined {
  return ID_BY_CODE.get(code);
}
