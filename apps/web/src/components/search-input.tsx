import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { LIMITS } from '@rounds/contracts/limits';
import { IconSearch } from '@tabler/icons-react';

type TSearchInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  /** The name of the button that empties the box (shown once something is typed). */
  clearLabel: string;
};

/** The search box above a list (Recent, Contacts, Groups, the people picker): a magnifier, and × to clear. */
export function SearchInput({ value, onChange, clearLabel, ...rest }: TSearchInputProps) {
  return (
    <TextInput
      type="search"
      {...rest}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      leftSection={<IconSearch size={16} stroke={1.7} />}
      rightSection={value ? <CloseButton size="sm" aria-label={clearLabel} onClick={() => onChange('')} /> : null}
      maxLength={LIMITS.textMaxLength}
      autoComplete="off"
    />
  );
}
