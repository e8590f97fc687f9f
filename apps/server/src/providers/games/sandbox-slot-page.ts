import { type Language, WALLET_WINDOW_NAME } from '@wallet/contract/constants';
import { escapeHtml } from '../../lib/html-escape.ts';
import { cookieLanguage, languageOf } from '../../lib/language-cookie.ts';
import type { SandboxGameInfo } from './sandbox-games.ts';
import type { Paytable, SlotSymbol } from './sandbox-slot.ts';

/**
 * The HTML of the demo slot, the page a provider would host. Rendered on the server with no inline
 * script (the CSP allows only 'self' scripts): behaviour comes from /sandbox/games/assets/slot.js, which
 * reads the session and the translated messages from data attributes.
 */

export const DEMO_BETS = [1, 5, 10, 50] as const;
export type GameClient = 'web' | 'android' | 'ios';

const TEXTS = {
  th: {
    demo: 'เกมทดลองของระบบแซนด์บ็อกซ์',
    balance: 'ยอดเงิน',
    bet: 'เดิมพัน',
    spin: 'หมุน',
    lastWin: 'รางวัลล่าสุด',
    back: 'กลับไปกระเป๋าเงิน',
    unit: 'บาท',
    paytable: 'อัตราจ่าย',
    paytableNote: 'สามตัวเหมือนกันได้รับรางวัล เท่าของเงินเดิมพัน',
    win: 'ชนะ',
    noWin: 'ไม่ได้รางวัล ลองอีกครั้ง',
    moneyNotEnough: 'ยอดเงินไม่พอสำหรับเดิมพันนี้',
    error: 'เกิดข้อผิดพลาด กรุณาลองใหม่',
    sessionTitle: 'เซสชันหมดอายุ',
    sessionBody: 'ลิงก์เกมนี้ใช้ไม่ได้หรือหมดอายุแล้ว กรุณากลับไปที่กระเป๋าเงินแล้วเปิดเกมอีกครั้ง',
  },
  lo: {
    demo: 'ເກມທົດລອງຂອງລະບົບແຊນບັອກ',
    balance: 'ຍອດເງິນ',
    bet: 'ເດີມພັນ',
    spin: 'ໝຸນ',
    lastWin: 'ລາງວັນລ່າສຸດ',
    back: 'ກັບໄປກະເປົາເງິນ',
    unit: 'ບາດ',
    paytable: 'ອັດຕາຈ່າຍ',
    paytableNote: 'ສາມຕົວຄືກັນໄດ້ຮັບລາງວັນ ເທົ່າຂອງເງິນເດີມພັນ',
    win: 'ຊະນະ',
    noWin: 'ບໍ່ໄດ້ລາງວັນ ລອງໃໝ່ອີກຄັ້ງ',
    moneyNotEnough: 'ຍອດເງິນບໍ່ພໍສຳລັບການເດີມພັນນີ້',
    error: 'ເກີດຂໍ້ຜິດພາດ ກະລຸນາລອງໃໝ່',
    sessionTitle: 'ເຊດຊັນໝົດອາຍຸ',
    sessionBody: 'ລິ້ງເກມນີ້ໃຊ້ບໍ່ໄດ້ ຫຼື ໝົດອາຍຸແລ້ວ ກະລຸນາກັບໄປທີ່ກະເປົາເງິນ ແລ້ວເປີດເກມອີກຄັ້ງ',
  },
  en: {
    demo: 'Sandbox demo game',
    balance: 'Balance',
    bet: 'Bet',
    spin: 'Spin',
    lastWin: 'Last win',
    back: 'Back to wallet',
    unit: 'THB',
    paytable: 'Paytable',
    paytableNote: 'Three of a kind pays this many times the bet',
    win: 'Win',
    noWin: 'No win, try again',
    moneyNotEnough: 'Not enough balance for this bet',
    error: 'Something went wrong, please try again',
    sessionTitle: 'Session expired',
    sessionBody: 'This game link is invalid or has expired. Please go back to your wallet and open the game again.',
  },
} as const satisfies Record<Language, Record<string, string>>;

type Texts = (typeof TEXTS)[Language];

/** `lang` query first (any case, th/lo/en), then the app's upper-case cookie, else Thai. */
export function pageLanguage(queryLang: string | undefined, cookieHeader: string | undefined): Language {
  return languageOf(queryLang) ?? cookieLanguage(cookieHeader) ?? 'th';
}

/** Minor units → "1,234.50", the wallet's money format (integer arithmetic, no float). */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = Math.trunc(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** Symbols drawn as shapes, so the page needs no emoji font on any device. */
const SYMBOL_ART: Record<SlotSymbol, string> = {
  seven:
    '<path d="M14 10h36v9L34 54H22l15-34H14z" fill="#e53935" stroke="#7f0000" stroke-width="3" stroke-linejoin="round"/>',
  bar: '<rect x="6" y="18" width="52" height="28" rx="6" fill="#263238" stroke="#ffca28" stroke-width="3"/><rect x="13" y="25" width="38" height="4" rx="2" fill="#ffca28"/><rect x="13" y="35" width="38" height="4" rx="2" fill="#ffca28"/>',
  bell: '<path d="M32 8c-10 0-16 8-16 20v9l-7 9h46l-7-9v-9c0-12-6-20-16-20z" fill="#ffc107" stroke="#a66f0d" stroke-width="3" stroke-linejoin="round"/><circle cx="32" cy="51" r="6" fill="#a66f0d"/>',
  cherry:
    '<path d="M22 36Q28 16 46 8M42 38Q40 22 46 8" fill="none" stroke="#2e7d32" stroke-width="3.5" stroke-linecap="round"/><circle cx="21" cy="44" r="11" fill="#c62828"/><circle cx="43" cy="46" r="11" fill="#d32f2f"/><circle cx="17" cy="40" r="3" fill="#fff" fill-opacity=".6"/>',
  lemon:
    '<circle cx="55" cy="25.5" r="4.5" fill="#fbc02d"/><circle cx="9" cy="42.5" r="4.5" fill="#fbc02d"/><ellipse cx="32" cy="34" rx="23" ry="17" fill="#fdd835" stroke="#c6a700" stroke-width="2.5" transform="rotate(-20 32 34)"/><ellipse cx="25" cy="28" rx="8" ry="4" fill="#fff" fill-opacity=".45" transform="rotate(-20 25 28)"/>',
  plum: '<circle cx="32" cy="37" r="19" fill="#7b1fa2" stroke="#4a0072" stroke-width="3"/><path d="M32 18q8-12 18-8-6 10-18 8z" fill="#43a047"/><circle cx="25" cy="30" r="4" fill="#fff" fill-opacity=".35"/>',
};

const symbolDefs = () =>
  Object.entries(SYMBOL_ART)
    .map(([name, art]) => `<symbol id="sym-${name}" viewBox="0 0 64 64">${art}</symbol>`)
    .join('');

const reel = (symbol: SlotSymbol) =>
  `<div class="reel"><svg viewBox="0 0 64 64" aria-hidden="true"><use href="#sym-${symbol}"></use></svg></div>`;

function head(lang: Language, title: string, icon = 'data:,'): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="${escapeHtml(icon)}">
<link rel="stylesheet" href="/sandbox/games/assets/slot.css">
<script src="/sandbox/games/assets/slot.js" defer></script>
</head>`;
}

export interface PlayPageInput {
  lang: Language;
  info: SandboxGameInfo;
  session: string;
  client: GameClient;
  balanceMinor: number;
  paytable: Paytable;
}

export function renderPlayPage(input: PlayPageInput): string {
  const { lang, info, paytable } = input;
  const t: Texts = TEXTS[lang];
  const balance = formatMinor(input.balanceMinor);
  const clientLabel = { web: 'Web', android: 'Android', ios: 'iOS' }[input.client];
  const messages = {
    'msg-win': t.win,
    'msg-no-win': t.noWin,
    'msg-money-not-enough': t.moneyNotEnough,
    'msg-error': t.error,
    'msg-session': t.sessionBody,
  };
  const data = Object.entries(messages)
    .map(([key, value]) => `data-${key}="${escapeHtml(value)}"`)
    .join(' ');
  const bets = DEMO_BETS.map(
    (bet, i) =>
      `<button type="button" class="bet" data-testid="bet-${bet}" data-bet="${bet}" aria-pressed="${i === 0}">${bet}</button>`,
  ).join('');
  const rows = paytable.tiers
    .filter((tier) => tier.weight > 0)
    .map(
      (tier) =>
        `<tr><td class="pay-symbols">${reelIcon(tier.symbol).repeat(3)}</td><td class="pay-mult">×${tier.multiplier}</td></tr>`,
    )
    .join('');
  return `${head(lang, info.name, info.logo)}
<body>
<svg class="symbol-defs" aria-hidden="true" width="0" height="0"><defs>${symbolDefs()}</defs></svg>
<main class="game" id="game" data-session="${escapeHtml(input.session)}" ${data}>
<header class="game-header"${backgroundStyle(info.background)}>
<img class="logo" src="${escapeHtml(info.logo)}" alt="" width="56" height="56">
<div class="titles"><h1>${escapeHtml(info.name)}</h1><p class="sub">${t.demo} · ${clientLabel}</p></div>
</header>
<section class="balance-card">
<span class="label">${t.balance}</span>
<span class="balance"><span data-testid="game-balance" id="balance" data-amount="${balance.replace(/,/g, '')}">${balance}</span> <span class="unit">${t.unit}</span></span>
</section>
<section class="machine">
<div class="reels" id="reels">${reel('seven')}${reel('bell')}${reel('cherry')}</div>
<p class="result" id="result" aria-live="polite">&nbsp;</p>
</section>
<section class="bets" aria-label="${t.bet}">
<span class="label">${t.bet} (${t.unit})</span>
<div class="bet-buttons">${bets}</div>
</section>
<button type="button" class="spin" id="spin" data-testid="spin">${t.spin}</button>
<p class="error" id="error" role="alert" data-testid="game-error"></p>
<p class="last"><span class="label">${t.lastWin}</span> <span data-testid="last-win" id="last-win">0.00</span></p>
<details class="paytable"><summary>${t.paytable}</summary><p>${t.paytableNote}</p><table>${rows}</table></details>
<a class="back" href="/user" target="${WALLET_WINDOW_NAME}" data-testid="back-to-wallet">${t.back}</a>
</main>
</body>
</html>
`;
}

/** The path is operator-editable and lands inside CSS: only plain URL characters may reach it. */
const backgroundStyle = (url: string) => (/^[\w/.:~%-]+$/.test(url) ? ` style="background-image:url('${url}')"` : '');

const reelIcon = (symbol: SlotSymbol) =>
  `<svg class="icon" viewBox="0 0 64 64" aria-hidden="true"><use href="#sym-${symbol}"></use></svg>`;

/** What an expired or forged link shows: a person can act on it, unlike a JSON error. */
export function renderSessionErrorPage(lang: Language): string {
  const t: Texts = TEXTS[lang];
  return `${head(lang, t.sessionTitle)}
<body>
<main class="game game-error">
<h1>${t.sessionTitle}</h1>
<p>${t.sessionBody}</p>
<a class="back" href="/user" target="${WALLET_WINDOW_NAME}" data-testid="back-to-wallet">${t.back}</a>
</main>
</body>
</html>
`;
}
