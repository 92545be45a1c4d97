import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

type TSearchFieldProps = { value: string; onChange: (value: string) => void; label: string; placeholder: string };

/** The search box of the admin lists; callers debounce what they send. */
export function SearchField({ value, onChange, label, placeholder }: TSearchFieldProps) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      leftSection={<IconSearch size={16} stroke={1.7} />}
      rightSection={value ? <CloseButton size="sm" aria-label={label} onClick={() => onChange('')} /> : null}
      style={{ flex: 1, minWidth: 200, maxWidth: 420 }}
    />
  );
}
