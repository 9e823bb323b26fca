/** The `date` format Ajv checks inputs with gives ajv-formats' answer on every kind of text. */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { describe, expect, it } from 'vitest';
import { createAjv, fullDate } from '../../language/schema/ajv.js';
import { prng } from '../support/prng.js';

const reference = (fullFormats.date as { validate: (s: string) => boolean }).validate;

describe('the date format', () => {
  it('agrees with ajv-formats on written and generated texts', () => {
    const written = [
      '2025-03-10',
      '2024-02-29',
      '2025-02-29',
      '1900-02-29',
      '2000-02-29',
      '2025-04-31',
      '2025-12-31',
      '2025-00-10',
      '2025-13-01',
      '2025-01-00',
      '0000-01-01',
      '9999-12-31',
      '2025-3-10',
      '2025/03/10',
      '2025-03-10\n',
      ' 2025-03-10',
      '２０２５-03-10',
      '2025-03-1x',
      '',
    ];
    for (const s of written) expect(fullDate(s), s).toBe(reference(s));
    const random = prng(20261128);
    const chars = '0123456789-/x \n';
    for (let n = 0; n < 20000; n++) {
      const year = String(Math.floor(random() * 10000)).padStart(4, '0');
      const month = String(Math.floor(random() * 14)).padStart(2, '0');
      const day = String(Math.floor(random() * 33)).padStart(2, '0');
      let s = `${year}-${month}-${day}`;
      if (random() < 0.2) {
        const i = Math.floor(random() * (s.length + 1));
        s =
          s.slice(0, i) + chars[Math.floor(random() * chars.length)] + s.slice(i + (random() < 0.5 ? 1 : 0));
      }
      expect(fullDate(s), s).toBe(reference(s));
    }
  });

  it('is the one the Ajv instances use, comparisons included', () => {
    const ajv = createAjv();
    expect((ajv.formats.date as { validate: unknown }).validate).toBe(fullDate);
    const check = ajv.compile({ type: 'string', format: 'date', formatMinimum: '2025-01-01' });
    expect([check('2025-02-28'), check('2025-02-29'), check('2024-12-31')]).toEqual([true, false, false]);
  });
});
