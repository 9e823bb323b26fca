/** encodeSegment: everything outside RFC 3986 "unreserved" percent-encoded, the unreserved left as they are. */
import { describe, expect, it } from 'vitest';
import { encodeSegment } from '../../runtime/http/uri.js';
import { prng } from '../support/prng.js';

/** The definition: encodeURIComponent, then the sub-delimiters it leaves (`!'()*`) encoded too. */
const reference = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

describe('encodeSegment', () => {
  it('equals its definition on every ASCII character and on seeded random texts', () => {
    for (let c = 0; c < 128; c++) {
      const s = String.fromCharCode(c);
      expect(encodeSegment(s), `U+${c.toString(16)}`).toBe(reference(s));
    }
    const random = prng(20261129);
    const alphabet = [..."aZ09-_.~!*'() /%?#&=+é"].concat(['☃', '😀']);
    for (let n = 0; n < 3000; n++) {
      let s = '';
      for (let i = Math.floor(random() * 10); i > 0; i--)
        s += alphabet[Math.floor(random() * alphabet.length)];
      expect(encodeSegment(s), s).toBe(reference(s));
    }
    expect(encodeSegment('7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a')).toBe(
      '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a',
    );
  });
});
