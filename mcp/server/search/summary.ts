/**
 * A tool's one-line summary for search results: the first sentence of its description as plain
 * text (no Markdown, no HTML, no admonitions), cut only between words.
 */

const MAX = 200;

/** Markdown and HTML as the words they show. */
export function plainText(text: string): string {
  return text
    .replace(/^\s*>\s*\[!\w+\]\s*$/gm, '') // admonition markers (`> [!NOTE]`)
    .replace(/<[^>\n]+>/g, '') // HTML tags
    .replace(/!?\[([^\]\n]*)\]\([^)\n]*\)/g, '$1') // links and images: their text
    .replace(/`+([^`]*)`+/g, '$1') // code spans
    .replace(/(\*\*|__)(.+?)\1/g, '$2') // bold
    .replace(/(^|[\s(])[*_]([^*_\n]+)[*_](?=[\s).,;:!?]|$)/g, '$1$2') // italics
    .replace(/^\s*(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '') // headings, quotes, list bullets
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first sentence of the description's first paragraph, in plain text, at most MAX characters, cut between words. */
export function summary(description: string): string {
  const paragraph =
    description
      .split(/\n\s*\n/)
      .map(plainText)
      .find((p) => p !== '') ?? '';
  // A sentence ends at . ! or ? before a space, but not at an abbreviation (e.g., i.e., etc.).
  const sentence = /^(.{20,}?(?<!\b(?:e\.g|i\.e|etc|vs|cf))[.!?])(\s|$)/.exec(paragraph)?.[1] ?? paragraph;
  if (sentence.length <= MAX) return sentence;
  const cut = sentence.slice(0, MAX - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > MAX / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:(–-]+$/, '')}…`;
}
