/**
 * Warnings about tool descriptions an agent cannot use: too short to say what the tool does, no
 * verb (what it does), no object (what it acts on: none of the things its name and title name),
 * the same text as another tool's. The description is what a model reads to pick a tool and what
 * the discovery search matches; these are heuristics, so they warn and never fail a build.
 */

import type { SourceLoc, ToolIR } from '../ir/ir.js';
import type { Severity } from './diagnostics.js';

type Report = (loc: SourceLoc, code: string, message: string, severity?: Severity) => void;

/** Fewer words than this cannot say what a tool does and to what ("Lists items." does not say which or how). */
export const MIN_DESCRIPTION_WORDS = 3;

/** Base forms of the verbs tool descriptions are written with; inflections are recognised. */
const VERBS = new Set(
  `accept activate add answer append apply approve archive assert assign attach authorize book build call cancel
  change check clear close commit compare complete compute configure confirm connect convert copy count
  create deactivate decline decrypt delete deliver describe disable download duplicate edit enable end
  ensure enumerate estimate execute expand export fetch fill filter find finish follow forward generate get
  give grant import insert install invite join leave link list load lock log look make mark merge move
  mute notify open order patch pause pin place poll post preview print publish pull purge push put query
  read receive redact refresh register reject release reload remove rename render reopen replace
  reply report request reset resolve restore resume retrieve return revoke rotate run save schedule search
  select send set share show sign snooze sort star start stop submit subscribe suspend sync tag test
  transfer trash trigger unarchive unassign undo unlink unlock unpin unsubscribe unwatch update upload upsert
  validate verify view vote watch write`.split(/\s+/),
);

/** Words that say nothing of what a tool acts on. */
const STOP = new Set(
  `a an the and or of to in on at for from by with into one all any each every this that its it their
  given new own other same some more most only as is are be get set list`.split(/\s+/),
);

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');

/** The base forms a word may be an inflection of (`replies` -> `reply`, `moved` -> `move`). */
function bases(word: string): string[] {
  const out = [word];
  if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) out.push(word.slice(0, -2));
  if (word.endsWith('s')) out.push(word.slice(0, -1));
  if (word.endsWith('ied')) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('ed')) out.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith('ing')) out.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  return out;
}

const isVerb = (word: string): boolean => bases(word).some((b) => VERBS.has(b));

/** The things a tool's name (without its set prefix) and title name: its words that are not verbs. */
function objects(tool: ToolIR, prefix: string): Set<string> {
  const name = tool.name.startsWith(prefix) ? tool.name.slice(prefix.length) : tool.name;
  return new Set(
    [...words(name), ...words(tool.title)].filter((w) => !STOP.has(w) && !isVerb(w) && w.length > 1),
  );
}

const normalised = (text: string): string => text.replace(/\s+/g, ' ').trim().toLowerCase();

export function lintDescriptions(
  tools: readonly ToolIR[],
  prefix: string,
  locate: (tool: ToolIR, suffix: string) => SourceLoc,
  report: Report,
): void {
  const seen = new Map<string, string>();
  for (const tool of tools) {
    const at = locate(tool, '/description');
    const warn = (code: string, message: string) => report(at, code, `${tool.name}: ${message}`, 'warning');
    const ws = words(tool.description);
    if (ws.length < MIN_DESCRIPTION_WORDS) {
      warn(
        'description_too_short',
        `the description has ${ws.length} word(s); say what the tool does, to what, what it needs and what it returns`,
      );
    }
    if (ws.length > 0 && !ws.some(isVerb)) {
      warn(
        'description_no_verb',
        'the description has no verb: say what the tool does ("Returns", "Creates", "Lists" ...)',
      );
    }
    const things = objects(tool, prefix);
    const mentioned = new Set(ws.flatMap(bases));
    if (
      ws.length > 0 &&
      things.size > 0 &&
      ![...things].some((t) => bases(t).some((b) => mentioned.has(b)))
    ) {
      warn(
        'description_no_object',
        `the description never names what the tool acts on (its name and title say ${[...things].join(', ')})`,
      );
    }
    const key = normalised(tool.description);
    const twin = seen.get(key);
    // The same tool declared twice is duplicate_tool's to report.
    if (key !== '' && twin !== undefined && twin !== tool.name) {
      warn('description_duplicate', `the description is the same as ${twin}'s; say how the two tools differ`);
    } else seen.set(key, tool.name);
  }
}
