/** Hostile values shared by the hardening and property tests. */

/** Path values no vendor id or slug takes: each must be refused before sending. */
export const HOSTILE_PATH_VALUES: readonly string[] = [
  '..',
  '.',
  '../lists',
  '..%2f',
  '%2e%2e',
  'a/b',
  '/',
  'a\\b',
  '?a=b',
  'x#f',
  'https://evil.com/',
  'urn:uuid:5c1f6a0e-8d2b-4f3a-9e7c-1a2b3c4d5e6f',
  '\u2025', // two dot leader: ".." under NFKC
  '\uff0e\uff0e', // fullwidth full stops
  '\uff0e',
  'a\uff0fb', // fullwidth solidus: "/" under NFKC
  'a\u2028b', // line separator
  'a\u202eb', // right-to-left override
  'a\u200bb', // zero-width space
  'a\u0000b',
  'a\r\nb',
  '\ud800', // lone surrogate
  'x'.repeat(100_000),
];
