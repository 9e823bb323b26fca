/**
 * The lint's warnings about descriptions an agent cannot use (language/check/lint-descriptions.ts):
 * the shipped sets and the example vendors are clean, and each warning fires on what it names
 * and not on the ways specs legitimately write (inflected verbs, plural objects, families).
 * Positions and codes of each warning: the description_*.yaml fixtures of test/fixtures/broken.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shippedSpecFiles } from '../../cli/shipped.js';
import { loadSpecFiles, loadSpecTexts } from '../../language/load/load.js';

const examples = new URL('../../examples/specs/', import.meta.url).pathname;

const descriptionCodes = (text: string) =>
  loadSpecTexts([{ file: 'x.yaml', text }])
    .diagnostics.filter((d) => d.code.startsWith('description_'))
    .map((d) => `${d.code} ${d.message.split(':')[0]}`);

const spec = (tools: { name: string; title: string; description: string }[]) =>
  [
    'toolspec: 1',
    'set: demo',
    'title: Demo API',
    'description: A spec for the description lint.',
    'server: { url: https://api.example.test }',
    'auth: { type: bearer }',
    'tools:',
    ...tools.flatMap((t) => [
      `  - name: ${t.name}`,
      `    title: ${t.title}`,
      `    description: ${JSON.stringify(t.description)}`,
      '    effects: read',
      '    method: GET',
      '    path: /things',
      '    examples: [{ name: basic, response: { body: {} } }]',
    ]),
  ].join('\n');

describe('description warnings', () => {
  it('the shipped sets and the example vendors have none', () => {
    const files = [
      ...shippedSpecFiles(),
      ...readdirSync(examples)
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => `${examples}${f}`),
    ];
    const { diagnostics } = loadSpecFiles(files);
    expect(diagnostics.filter((d) => d.code.startsWith('description_'))).toEqual([]);
  });

  it('recognise inflected verbs and plural objects', () => {
    expect(
      descriptionCodes(
        spec([
          {
            name: 'demo_reply_send',
            title: 'Send a reply',
            description: 'Replies to the sender with the given text.',
          },
          {
            name: 'demo_entry_list',
            title: 'List entries',
            description: 'Lists every entry of a ledger, newest first.',
          },
          {
            name: 'demo_page_moving',
            title: 'Move pages',
            description: 'Moved pages keep their ids and children.',
          },
        ]),
      ),
    ).toEqual([]);
  });

  it('name the tool and what is missing', () => {
    expect(
      descriptionCodes(
        spec([
          { name: 'demo_note_get', title: 'Get a note', description: 'Notes.' },
          {
            name: 'demo_label_get',
            title: 'Get a label',
            description: 'A label by its id, with its colour.',
          },
          {
            name: 'demo_widget_get',
            title: 'Get a widget',
            description: 'Returns what the server answers for the id.',
          },
          {
            name: 'demo_widget_fetch',
            title: 'Fetch a widget',
            description: 'Returns what the server answers for the id.',
          },
        ]),
      ).sort(),
    ).toEqual([
      'description_duplicate demo_widget_get',
      'description_no_object demo_widget_fetch',
      'description_no_object demo_widget_get',
      'description_no_verb demo_label_get',
      'description_no_verb demo_note_get',
      'description_too_short demo_note_get',
    ]);
  });
});
