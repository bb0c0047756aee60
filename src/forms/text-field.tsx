import { Field, Input, Textarea, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface TextFieldProps extends Omit<InputProps, 'onChange'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  helper?: ReactNode;
  /** Applied to every change, e.g. a mask from src/domain. */
  format?: (value: string) => string;
  /** Applied when the field is left, e.g. 'R$ 1.234.5' shown as 'R$ 1.234,50'. */
  settle?: (value: string) => string;
  multiline?: boolean;
}

/** A labelled input with its error under it, in red. */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  helper,
  required,
  format,
  settle,
  multiline,
  name,
  onBlur,
  ...rest
}: TextFieldProps) {
  const change = (v: string) => onValueChange(format ? format(v) : v);
  const leave: InputProps['onBlur'] = (e) => {
    if (settle && settle(value) !== value) onValueChange(settle(value));
    onBlur?.(e);
  };
  return (
    <FieldShell label={label} name={name} required={required} error={error} helper={helper}>
      {multiline ? (
        <Textarea name={name} value={value} onChange={(e) => change(e.target.value)} rows={3} />
      ) : (
        <Input
          name={name}
          value={value}
          onChange={(e) => change(e.target.value)}
          onBlur={leave}
          {...rest}
        />
      )}
    </FieldShell>
  );
}

/** A field's label (with the required mark), the control, and its helper and error under it. */
export function FieldShell({
  label,
  name,
  required,
  error,
  helper,
  children,
}: {
  label: ReactNode;
  name?: string;
  required?: boolean;
  error?: string;
  helper?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} data-field={name}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
