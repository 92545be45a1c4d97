import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A refusal or failure said where it happened: red, with the warning icon, announced at once (role alert). */
export function ErrorAlert(props: Omit<AlertProps, 'color' | 'variant' | 'icon'>) {
  return <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />} {...props} />;
}
