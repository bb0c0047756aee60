import { Field, Input, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface TextFieldProps extends Omit<InputProps, 'onChange'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  helper?: ReactNode;
}

/** A labelled input with its error under it, in red. */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  helper,
  required,
  ...rest
}: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input value={value} onChange={(e) => onValueChange(e.target.value)} {...rest} />
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
