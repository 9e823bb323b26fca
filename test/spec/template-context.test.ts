import { describe, expect, it } from 'vitest';
import { evaluateTemplate } from '../../language/template/template.js';

describe('evaluateTemplate context', () => {
  it('evaluates with inputs whose names are not identifiers (OData $filter, $top) present', () => {
    const vars = { subject: 'Hi', $filter: 'isRead eq false', $top: 10 };
    expect(evaluateTemplate({ s: { $eval: 'subject' }, n: { $eval: 'defined("subject")' } }, vars)).toEqual({
      s: 'Hi',
      n: true,
    });
  });

  it('leaves such names out of the context', () => {
    expect(evaluateTemplate({ $eval: 'defined("$top")' }, { $top: 10 })).toBe(false);
  });
});
