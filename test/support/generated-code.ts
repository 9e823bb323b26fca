/**
 * What code generated at run time from a spec (templates, body placement) may consist of:
 * generated names, indexes and operators, with no quote of any kind, so no spec text.
 */
export const NAMES_AND_OPERATORS = /^[A-Za-z0-9_\s{}()[\];,.=!&|?:<>+-]*$/;
