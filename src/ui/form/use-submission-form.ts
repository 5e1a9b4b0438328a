import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { $ZodType } from 'zod/v4/core';

export interface SubmissionFormOptions<Payload> {
  /** The checked payload (the form-submission machine's `form.submit`). */
  onSubmit: (payload: Payload) => void;
  /** Any field changed (the machine's `form.edit`: a shown failure is stale from then on). */
  onEdit: () => void;
}

/**
 * The form half of every submit form (react-hook-form checked by the payload's zod schema):
 * `field(name)` registers an input that reports edits, `error(...names)` is the first field
 * error translated (schemas carry i18n keys), `onSubmit` goes on the <form>.
 */
export function useSubmissionForm<Payload extends FieldValues>(
  schema: $ZodType<Payload, Payload>,
  defaultValues: DefaultValues<Payload>,
  { onSubmit, onEdit }: SubmissionFormOptions<Payload>,
) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors, isSubmitted },
  } = useForm<Payload>({ resolver: zodResolver(schema) as Resolver<Payload>, defaultValues });
  const fieldErrors = errors as Partial<Record<string, { message?: string }>>;
  return {
    field: (name: Path<Payload>) => register(name, { onChange: () => onEdit() }),
    /** A field drawn by a component that reports its value (a date field, which shows a text in
     * the language's order but whose value is yyyy-mm-dd): its first value and where changes go. */
    value: (name: Path<Payload>) => ({
      defaultValue: String(getValues(name) ?? ''),
      onValueChange: (next: string) => {
        setValue(name, next as never, { shouldValidate: isSubmitted });
        onEdit();
      },
    }),
    error: (...names: Array<Path<Payload>>): string | undefined => {
      const key = names.map((name) => fieldErrors[name]?.message).find(Boolean);
      return key ? t(key) : undefined;
    },
    onSubmit: handleSubmit((payload) => onSubmit(payload)),
  };
}
