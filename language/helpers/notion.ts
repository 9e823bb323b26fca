/** Notion helpers: rich text (chunked at Notion's 2000-character cap), block request objects, plain text. */
import { isObject } from './core.js';
import type { Helpers } from './registry.js';

type Json = unknown;

/** Notion caps `text.content` at 2000 characters per rich-text item. */
export const RICH_TEXT_CHUNK = 2000;

/** Split text into chunks of at most `size` UTF-16 units without cutting a surrogate pair. */
export function chunkText(text: string, size: number): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    let end = Math.min(i + size, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    out.push(text.slice(i, end));
    i = end;
  }
  return out;
}

function richText(text: Json): Json {
  if (text === null || text === undefined) return [];
  return chunkText(String(text), RICH_TEXT_CHUNK).map((content) => ({ type: 'text', text: { content } }));
}

/**
 * A Notion block request object from `{type, text, language}`: `{type, <type>: {rich_text}}`,
 * code blocks carry `language` (default `plain text`), dividers carry no text. An item that is
 * already a block object (it has an object under its own type key) passes through unchanged.
 * No `object: "block"` key: Notion's block request schemas do not take one.
 */
function notionBlock(block: Json): Json {
  const b = isObject(block) ? block : {};
  const type = String(b.type ?? 'paragraph');
  if (isObject(b[type])) return b;
  if (type === 'divider') return { type, divider: {} };
  const content: Record<string, Json> = { rich_text: richText(b.text ?? '') };
  if (type === 'code') content.language = b.language ?? 'plain text';
  const out: Record<string, Json> = { type };
  out[type] = content;
  return out;
}

function notionBlocks(blocks: Json): Json {
  return Array.isArray(blocks) ? blocks.map(notionBlock) : [];
}

/**
 * The plain text of Notion rich text: a rich-text array, or a block whose `<type>.rich_text`
 * holds it (a divider or an image gives ''). Items without `plain_text` use `text.content`.
 */
function plainText(value: Json): Json {
  let items: Json = value;
  if (isObject(value)) {
    const inner = value[String(value.type)];
    items = isObject(inner) ? inner.rich_text : undefined;
  }
  if (!Array.isArray(items)) return '';
  return items
    .map((item) => {
      if (!isObject(item)) return '';
      if (typeof item.plain_text === 'string') return item.plain_text;
      const text = item.text;
      return isObject(text) && typeof text.content === 'string' ? text.content : '';
    })
    .join('');
}

export const NOTION_HELPERS: Helpers = {
  rich_text: {
    arity: 1,
    fn: richText,
    description: 'Text -> Notion rich-text items of at most 2000 characters.',
  },
  notion_block: {
    arity: 1,
    fn: notionBlock,
    description: '{type, text, language} -> Notion block request object (block objects pass through).',
  },
  notion_blocks: {
    arity: 1,
    fn: notionBlocks,
    description: 'Array of {type, text, language} -> Notion block request objects.',
  },
  plain_text: {
    arity: 1,
    fn: plainText,
    description: 'Notion rich-text array, or a block holding one -> its plain text.',
  },
};
