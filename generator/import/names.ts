/**
 * Tool names of an import: `<set>_` + snake_case(operationId), or of method and path when the
 * operation has no operationId; duplicates numbered in document order (deterministic). Pure.
 */
import type { Operation } from './openapi.js';

/** `createIssue`, `issues/list-for-repo` -> `create_issue`, `issues_list_for_repo`. */
export function snakeCase(s: string): string {
  return s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}

/** `GET /repos/{owner}/{repo}` -> `get_repos_owner_repo`. */
function fromMethodAndPath(o: Operation): string {
  return snakeCase(`${o.method}_${o.path.replace(/[{}]/g, '')}`);
}

const MAX_NAME = 64;

/** One name per operation, in the operations' order: unique, `^[a-z][a-z0-9_]*$`. */
export function toolNames(set: string, operations: readonly Operation[]): string[] {
  const taken = new Set<string>();
  return operations.map((o) => {
    const id = typeof o.op.operationId === 'string' ? snakeCase(o.op.operationId) : '';
    let base = `${set}_${id || fromMethodAndPath(o)}`.slice(0, MAX_NAME).replace(/_+$/, '');
    if (taken.has(base) && id) base = `${set}_${fromMethodAndPath(o)}`.slice(0, MAX_NAME).replace(/_+$/, '');
    let name = base;
    for (let i = 2; taken.has(name); i++)
      name = `${base.slice(0, MAX_NAME - String(i).length - 1).replace(/_+$/, '')}_${i}`;
    taken.add(name);
    return name;
  });
}
