/**
 * Words the Thai and Lao line breakers (ICU's dictionaries, in Chromium and elsewhere) do not know and split
 * where a line ends: loanwords mostly ("แช|ทกับเรา", "ແອດ|ມິນ", "ໂບ|ນັດ"). In the texts they are written with a
 * WORD JOINER (U+2060, invisible, no width) between their letters' clusters, which forbids a break there;
 * keep-whole.test.ts holds every Thai and Lao text to it, so a new text cannot bring the split back.
 */
export const WORD_JOINER = '\u2060';

export const KEEP_WHOLE: Record<'th' | 'lo', readonly string[]> = {
  th: ['แชท', 'แอดมิน', 'โปรโมชั่น', 'คาสิโน', 'แจ็กพอต', 'ล็อตโต้', 'สเตทเมนต์', 'โทเคน', 'คิวอาร์'],
  lo: [
    'ແຊັດ',
    'ແອດມິນ',
    'ແອັດມິນ',
    'ໂບນັດ',
    'ໂປຣໂມຊັນ',
    'ເຄຣດິດ',
    'ສະລັອດ',
    'ຄາສິໂນ',
    'ວິດີໂອ',
    'ເວັບໄຊ',
    'ໂປຣໄຟລ໌',
    'ອອນລາຍ',
    'ໄອດີ',
  ],
};

/** The word as the texts write it: its grapheme clusters joined by WORD_JOINER. */
export function joinedWord(word: string): string {
  const clusters = new Intl.Segmenter('th', { granularity: 'grapheme' }).segment(word);
  return Array.from(clusters, (cluster) => cluster.segment).join(WORD_JOINER);
}
