/**
 * Spec text written into generated files is data in the context it lands in. Spec text may
 * come from third-party documents, so every emitter passes titles, descriptions, enum values
 * and examples through the function for its context:
 * - `jsDocText`: inside a `/** … *\/` comment (a `*\/` would close it);
 * - `markdownText`: Markdown prose (raw HTML such as `</script>` and template braces `{{` are
 *   neutralised; Markdown emphasis and code spans stay);
 * - `fenced`: the body of a fenced code block (a run of backticks cannot close the fence).
 * Code positions (identifiers, string literals) take names from `naming.ts` and
 * `JSON.stringify`, never raw text.
 */

/** Text safe inside a block comment: `*\/` cannot end it. */
export function jsDocText(text: string): string {
  return text.replaceAll('*/', '*\\/');
}

/** Text safe as Markdown prose: no raw HTML tags, no template braces, no code fence opened. */
export function markdownText(text: string): string {
  return fenced(
    text
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('{{', '{&#8203;{'),
  );
}

/** Text safe inside a ``` fence: a run of three or more backticks is broken up. */
export function fenced(text: string): string {
  return text.replace(/`{3,}/g, (run) => run.split('').join('\u200b'));
}
