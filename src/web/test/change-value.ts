import { fireEvent } from '@testing-library/react';

/**
 * Gives a field a new value as a person does: the browser sends `input` as the value changes and
 * `change` when it is committed. Preact listens to `input` for a text field's onChange and to
 * `change` for a select or a checkbox (React to both), so a test that sent only `change` would pass
 * on React and miss what ships (tests only).
 */
export function changeValue(field: HTMLElement, value: string) {
  fireEvent.input(field, { target: { value } });
  // The value as the input left it (a handler may have rewritten it): `change` carries no new one.
  fireEvent.change(field);
}
