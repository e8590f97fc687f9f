import { describe, expect, it } from 'vitest';
import { internationalPhone } from './phone-numbers.ts';

describe('international phone form for gateways', () => {
  it('turns Thai mobiles into 66..., Lao mobiles into 856..., and refuses what no gateway could text', () => {
    expect(internationalPhone('0812345678')).toEqual({ country: 'TH', digits: '66812345678' });
    expect(internationalPhone('0612345678')).toEqual({ country: 'TH', digits: '66612345678' });
    expect(internationalPhone('02055512345')).toEqual({ country: 'LA', digits: '8562055512345' });
    expect(internationalPhone('2055512345')).toEqual({ country: 'LA', digits: '8562055512345' });
    expect(internationalPhone('0305551234')).toEqual({ country: 'LA', digits: '856305551234' });
    for (const phone of ['021234567', '20555123', '0712345678', '66812345678', '']) {
      expect(internationalPhone(phone), phone).toBeUndefined();
    }
  });
});
