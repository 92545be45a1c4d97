import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

type TSubmitButtonProps = ButtonProps & { children: ReactNode };

/** The one wide button that submits a signed-out or sign-in form (login, register, reset, codes, second step). */
export function SubmitButton(props: TSubmitButtonProps) {
  return <Button type="submit" size="md" fullWidth {...props} />;
}
