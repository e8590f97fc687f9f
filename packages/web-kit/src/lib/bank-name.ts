/** Thai readers get the Thai bank name; Lao and English readers the English one (banks have no Lao name). */
export function bankName(bank: { nameTH: string; nameEN: string }, language: string): string {
  return language === 'th' ? bank.nameTH : bank.nameEN || bank.nameTH;
}
