import { useEffect, useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { dateInputPattern, fromDateInput, toDateInput } from '../format/date-format';

// Issue 43 item 25: a date field in the interface language's order (dd/mm/yyyy in English,
// yyyy/mm/dd in Chinese), whatever the browser's locale: Chromium's <input type="date"> follows the
// browser's, not the page's, and showed a Hong Kong user mm/dd/yyyy. The value stays yyyy-mm-dd.

type TextProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'defaultValue'>;

export interface DateInputProps extends TextProps {
  /** yyyy-mm-dd, or '' for none. */
  value: string;
  /** yyyy-mm-dd when the text is a real date, '' when empty, else the text itself (a form refuses it). */
  onValueChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

export function DateInput({ value, onValueChange, ref, ...rest }: DateInputProps) {
  const { i18n } = useTranslation();
  const lang = i18n.language ?? 'en';
  const [text, setText] = useState(() => toDateInput(value, lang));
  const meaning = (s: string) => (s.trim() === '' ? '' : (fromDateInput(s, lang) ?? s));
  // A value set from outside (a reset, another language) shows in the field.
  useEffect(() => {
    setText((current) => (meaning(current) === value ? current : toDateInput(value, lang)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- meaning() reads lang
  }, [value, lang]);
  return (
    <input
      {...rest}
      ref={ref}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={dateInputPattern(lang)}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onValueChange(meaning(e.target.value));
      }}
    />
  );
}

/** A DateInput that keeps its own value (a form's field: see useSubmissionForm's `value`). */
export function FormDateInput({ defaultValue, onValueChange, ...rest }: TextProps & { defaultValue: string; onValueChange: (value: string) => void }) {
  const [value, setValue] = useState(defaultValue);
  return (
    <DateInput
      {...rest}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onValueChange(next);
      }}
    />
  );
}
