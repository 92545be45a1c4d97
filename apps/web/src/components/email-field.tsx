import { TextInput, type TextInputProps } from '@mantine/core';
import { LIMITS } from '@rounds/contracts/limits';
import { IconAt } from '@tabler/icons-react';

export type TEmailFieldProps = Omit<TextInputProps, 'onChange'> & { onChange: (value: string) => void };

/** Every email box of the app: the email keyboard, the spec's text limit and the @ icon. */
export function EmailField({ onChange, ...props }: TEmailFieldProps) {
  return (
    <TextInput
      type="email"
      inputMode="email"
      maxLength={LIMITS.textMaxLength}
      leftSection={<IconAt size={16} stroke={1.6} />}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...props}
    />
  );
}
