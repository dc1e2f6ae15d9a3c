/**
 * For a check across an object's fields (`to` after `from`, the end after the start): pass it as
 * part of the refinement's params, `.refine(check, { message, path, ...whenFieldsParsed })`.
 *
 * zod 4 runs an object's refinements even when one of its fields failed, and hands them that
 * field's raw input: the text "x" where a Date should be: `?from=x&to=x` once
 * answered with a 500 (`q.to.getTime is not a function`). With this, a cross-field
 * check runs only once the object and every field in it parsed; the field's own issue is the answer.
 */
export const whenFieldsParsed = {
  when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
};
