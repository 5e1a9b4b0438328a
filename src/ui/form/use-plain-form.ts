import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { safeParse, type $ZodType } from 'zod/v4/core';
import type { SubmissionFormOptions } from './use-submission-form';

/**
 * useSubmissionForm's API for a form of text inputs only, without react-hook-form (ADR 089): the
 * sign-in page is a first page, and react-hook-form with its resolver was 12.9 KB gzip of it. The
 * inputs keep their own values (uncontrolled); on submit the form's FormData is checked by the
 * payload's zod schema. As react-hook-form's defaults did: nothing is checked before the first
 * submit, every change after it checks again, and a failed submit focuses the first invalid input.
 */
export function usePlainForm<Payload extends Record<string, string>>(
  schema: $ZodType<Payload, Payload>,
  defaultValues: Payload,
  { onSubmit, onEdit }: SubmissionFormOptions<Payload>,
) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Partial<Record<keyof Payload, string>>>({});
  const submitted = useRef(false);

  /** The schema's first message per field (an i18n key), and the payload when there is none. */
  const check = (form: HTMLFormElement): { payload?: Payload; found: Partial<Record<keyof Payload, string>> } => {
    const data = new FormData(form);
    const values = Object.fromEntries(Object.keys(defaultValues).map((name) => [name, String(data.get(name) ?? '')]));
    const result = safeParse(schema, values);
    if (result.success) return { payload: result.data, found: {} };
    const found: Partial<Record<keyof Payload, string>> = {};
    for (const issue of result.error.issues) {
      const name = issue.path[0] as keyof Payload;
      found[name] ??= issue.message;
    }
    return { found };
  };

  return {
    field: (name: keyof Payload & string) => ({
      name,
      defaultValue: defaultValues[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        if (submitted.current && event.target.form) setErrors(check(event.target.form).found);
        onEdit();
      },
    }),
    error: (...names: Array<keyof Payload>): string | undefined => {
      const key = names.map((name) => errors[name]).find(Boolean);
      return key ? t(key) : undefined;
    },
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      submitted.current = true;
      const form = event.currentTarget;
      const { payload, found } = check(form);
      setErrors(found);
      if (payload) return onSubmit(payload);
      const first = [...form.elements].find((el): el is HTMLInputElement => el instanceof HTMLInputElement && el.name in found);
      first?.focus();
    },
  };
}
