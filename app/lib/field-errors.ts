/**
 * @module The one field-error helper of the forms: which text a form field shows under it (`<TextField error>`),
 * from either answer an action gives — the API's one refused field (`{ field, error }`) or a map of field → message
 * (a form check) — and which failure names no field the form shows, so the page reports it another way.
 */

/** An action's answer when the API refused the request, naming the field at fault when there is one. */
export interface FieldFailure {
  field?: string | null;
  error?: string | null;
}

export interface FieldErrorOptions<F extends string> {
  /** The API's name of a form field where the two differ (`lat` is the API's `latitude`). */
  api?: Partial<Record<F, string>>;
  /** A failure of a field under it (`group_labels.1` under `group_labels`) counts for the field. */
  nested?: boolean;
  /** The text shown for a stored message: an i18n key translated, a code replaced by a sentence. */
  text?: (message: string) => string;
  /** Shown when the failure names the field without a message. */
  fallback?: string;
}

function names<F extends string>(failed: string | null | undefined, field: F, options: FieldErrorOptions<F>) {
  if (!failed) return false;
  const name = options.api?.[field] ?? field;
  return failed === name || (options.nested === true && failed.startsWith(`${name}.`));
}

function shown<F extends string>(message: string | null | undefined, options: FieldErrorOptions<F>) {
  const text = message ? (options.text ? options.text(message) : message) : '';
  return text || options.fallback || undefined;
}

/** The error under each field, from the API's one refused field: `error={errorOf('name')}`. */
export function fieldErrorFrom<F extends string = string>(
  failed: FieldFailure | null | undefined,
  options: FieldErrorOptions<F> = {},
): (field: F) => string | undefined {
  return (field) => (failed && names(failed.field, field, options) ? shown(failed.error, options) : undefined);
}

/** The error under each field, from a map of field → message (keys of a form check, or texts). */
export function fieldErrorFromMap<F extends string = string>(
  errors: Partial<Record<string, string>> | null | undefined,
  options: Omit<FieldErrorOptions<F>, 'nested' | 'fallback'> = {},
): (field: F) => string | undefined {
  return (field) => {
    const message = errors?.[options.api?.[field] ?? field];
    return message ? shown(message, options) : undefined;
  };
}

/**
 * A failure none of the form's `fields` shows (no field named, or one the form has no input for): its text, for the
 * form's summary; undefined when a field shows it or nothing failed.
 */
export function failureBesideFields<F extends string>(
  failed: FieldFailure | null | undefined,
  fields: readonly F[],
  options: FieldErrorOptions<F> = {},
): string | undefined {
  if (!failed) return undefined;
  if (fields.some((field) => names(failed.field, field, options))) return undefined;
  return failed.error || options.fallback || undefined;
}
