import { describe, expect, it } from 'vitest';
import { toastId } from './toast';

describe('toastId', () => {
  it('is the same for the same text, so Mantine shows it once (no duplicate toasts)', () => {
    expect(toastId('Something went wrong, please try again.')).toBe(toastId('Something went wrong, please try again.'));
  });

  it('differs for different texts', () => {
    expect(toastId('Incorrect username or password.')).not.toBe(toastId('Incorrect username or password!'));
  });
});
