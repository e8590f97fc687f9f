import { fromMinor } from '@wallet/contract/money';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { GLYPH_ADVANCE, GLYPH_HEIGHT, glyphColumns, textWidth } from './pixel-font.ts';

export interface SlipImageDetails {
  senderBankCode: string;
  receiverBankCode: string;
  /** As printed: masked. */
  senderAccountNo: string;
  receiverAccountNo: string;
  /** Minor units. */
  amount: number;
  transferredAt: number;
  reference: string;
  /** The mini QR payload to draw, or null for a slip without a QR code. */
  qrPayload: string | null;
}

type Rgb = readonly [number, number, number];

/** Header colours of the banks' own slips, near enough to recognise. */
const BANK_COLOURS: Record<string, Rgb> = {
  KBANK: [19, 143, 45],
  SCB: [78, 42, 132],
  KTB: [27, 165, 225],
  BBL: [30, 69, 152],
  TMB: [0, 80, 240],
  BAY: [254, 196, 59],
  GSB: [235, 25, 141],
  BAAC: [76, 153, 39],
  KKP: [89, 74, 136],
  CIMBT: [126, 41, 46],
  UOBT: [11, 48, 130],
};
const DEFAULT_COLOUR: Rgb = [70, 84, 100];
const PAGE: Rgb = [232, 236, 241];
const CARD: Rgb = [255, 255, 255];
const INK: Rgb = [33, 37, 41];
const MUTED: Rgb = [110, 117, 125];
const OK_GREEN: Rgb = [25, 135, 84];

const WIDTH = 480;
const HEIGHT = 820;
const CARD_MARGIN = 20;
const QR_MODULE_PX = 5;
/** White modules around the code, as the QR standard asks, so any reader finds it. */
const QR_QUIET_MODULES = 4;
const BANGKOK_OFFSET_MS = 7 * 3600 * 1000;

/** A tiny RGB drawing surface over a PNG buffer. */
class Canvas {
  readonly png: PNG;
  constructor(width: number, height: number, background: Rgb) {
    this.png = new PNG({ width, height });
    this.fill(0, 0, width, height, background);
  }

  fill(x: number, y: number, w: number, h: number, [r, g, b]: Rgb): void {
    const { width, height, data } = this.png;
    for (let row = Math.max(0, y); row < Math.min(height, y + h); row++) {
      for (let col = Math.max(0, x); col < Math.min(width, x + w); col++) {
        const i = (row * width + col) * 4;
        data[i] = r;
        data[i + 1] = g;
        data[i + 2] = b;
        data[i + 3] = 255;
      }
    }
  }

  text(x: number, y: number, text: string, scale: number, colour: Rgb): void {
    [...text].forEach((char, index) => {
      const left = x + index * GLYPH_ADVANCE * scale;
      glyphColumns(char).forEach((bits, col) => {
        for (let row = 0; row < GLYPH_HEIGHT; row++) {
          if (bits & (1 << row)) this.fill(left + col * scale, y + row * scale, scale, scale, colour);
        }
      });
    });
  }

  centredText(y: number, text: string, scale: number, colour: Rgb): void {
    this.text(Math.round((this.png.width - textWidth(text, scale)) / 2), y, text, scale, colour);
  }
}

function bangkokDateTime(epochMs: number): string {
  const d = new Date(epochMs + BANGKOK_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** Thai slips group a 10-digit account number 3-1-5-1: xxx-x-x1234-x. */
function displayAccountNo(accountNo: string): string {
  const plain = accountNo.replace(/[\s-]/g, '');
  if (plain.length !== 10) return plain;
  return `${plain.slice(0, 3)}-${plain.slice(3, 4)}-${plain.slice(4, 9)}-${plain.slice(9)}`;
}

function displayAmount(minor: number): string {
  return fromMinor(minor).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

function drawQr(canvas: Canvas, payload: string, top: number): void {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const side = (modules.size + QR_QUIET_MODULES * 2) * QR_MODULE_PX;
  const left = Math.round((WIDTH - side) / 2);
  canvas.fill(left, top, side, side, CARD);
  const origin = QR_QUIET_MODULES * QR_MODULE_PX;
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) {
        canvas.fill(
          left + origin + col * QR_MODULE_PX,
          top + origin + row * QR_MODULE_PX,
          QR_MODULE_PX,
          QR_MODULE_PX,
          INK,
        );
      }
    }
  }
}

/**
 * Draws a plausible bank transfer slip: a white card with the sending bank's colour band, the amount,
 * both parties (masked), the time, the reference and the mini QR a verifier reads. Returns PNG bytes.
 */
export function renderSlipImage(details: SlipImageDetails): Buffer {
  const canvas = new Canvas(WIDTH, HEIGHT, PAGE);
  const cardWidth = WIDTH - CARD_MARGIN * 2;
  canvas.fill(CARD_MARGIN, CARD_MARGIN, cardWidth, HEIGHT - CARD_MARGIN * 2, CARD);
  canvas.fill(CARD_MARGIN, CARD_MARGIN, cardWidth, 84, BANK_COLOURS[details.senderBankCode] ?? DEFAULT_COLOUR);
  canvas.centredText(CARD_MARGIN + 28, details.senderBankCode, 4, CARD);

  canvas.centredText(128, 'TRANSFER SUCCESSFUL', 3, OK_GREEN);
  canvas.centredText(162, bangkokDateTime(details.transferredAt), 2, MUTED);

  canvas.text(44, 204, 'AMOUNT', 2, MUTED);
  canvas.centredText(230, displayAmount(details.amount), 5, INK);
  canvas.centredText(276, 'THB', 2, MUTED);

  canvas.text(44, 318, 'FROM', 2, MUTED);
  canvas.text(44, 338, details.senderBankCode, 3, INK);
  canvas.text(44, 366, displayAccountNo(details.senderAccountNo), 3, INK);
  canvas.text(44, 408, 'TO', 2, MUTED);
  canvas.text(44, 428, details.receiverBankCode, 3, INK);
  canvas.text(44, 456, displayAccountNo(details.receiverAccountNo), 3, INK);

  canvas.text(44, 498, 'REF', 2, MUTED);
  canvas.text(44, 518, details.reference, 2, INK);

  if (details.qrPayload !== null) drawQr(canvas, details.qrPayload, 560);
  return PNG.sync.write(canvas.png);
}
