import type { Language } from '@wallet/contract/constants';

/**
 * The SMS texts of OTP codes, in the language the player chose in the app (SPEC: Thai default, Lao,
 * English). The 6-digit code stands alone between spaces, so phones offer to copy it.
 */
interface OtpText {
  app: string;
  code: string;
  ref: string;
  minutes: number;
}

const REGISTER: Record<Language, (m: OtpText) => string> = {
  th: (m) => `${m.app} รหัส OTP ${m.code} (อ้างอิง ${m.ref}) ใช้ได้ ${m.minutes} นาที`,
  lo: (m) => `${m.app} ລະຫັດ OTP ${m.code} (ອ້າງອີງ ${m.ref}) ໃຊ້ໄດ້ ${m.minutes} ນາທີ`,
  en: (m) => `${m.app} OTP ${m.code} (ref ${m.ref}), valid ${m.minutes} min.`,
};

const RESET: Record<Language, (m: OtpText) => string> = {
  th: (m) => `${m.app} รหัสตั้งรหัสผ่านใหม่ ${m.code} (อ้างอิง ${m.ref}) ใช้ได้ ${m.minutes} นาที หากคุณไม่ได้ขอ โปรดเพิกเฉยข้อความนี้`,
  lo: (m) => `${m.app} ລະຫັດຕັ້ງລະຫັດຜ່ານໃໝ່ ${m.code} (ອ້າງອີງ ${m.ref}) ໃຊ້ໄດ້ ${m.minutes} ນາທີ ຖ້າທ່ານບໍ່ໄດ້ຂໍ ກະລຸນາບໍ່ສົນໃຈຂໍ້ຄວາມນີ້`,
  en: (m) => `${m.app} password reset code ${m.code} (ref ${m.ref}), valid ${m.minutes} min. Not you? Ignore this SMS.`,
};

export function otpMessage(purpose: 'register' | 'reset', language: Language, text: OtpText): string {
  return (purpose === 'reset' ? RESET : REGISTER)[language](text);
}
