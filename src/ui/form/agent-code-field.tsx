import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './text-field';

/** The agent code input of every sign-in-like form: its label and the browser hints for a user name. */
export function AgentCodeField(props: Omit<TextFieldProps, 'label'>) {
  const { t } = useTranslation();
  return <TextField label={t('login:agent_code')} autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />;
}
