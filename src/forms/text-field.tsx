import {
  Field,
  Input,
  Textarea,
  useChakraContext,
  useRecipe,
  useSlotRecipe,
  type InputProps,
} from '@chakra-ui/react';
import { useId, type FocusEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useSharedClasses } from './shared-classes';

interface TextFieldProps extends Omit<InputProps, 'onChange'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  helper?: ReactNode;
  /**
   * Lines kept under the field for a helper that comes and goes (e.g. a CEP's note), so that the
   * fields below do not move when it changes; the space stays while it says nothing.
   */
  helperLines?: number;
  /** Applied to every change, e.g. a mask from src/domain. */
  format?: (value: string) => string;
  /** Applied when the field is left, e.g. 'R$ 1.234.5' shown as 'R$ 1.234,50'. */
  settle?: (value: string) => string;
  multiline?: boolean;
}

/**
 * The classes of a text field's parts, as Chakra's Field.Root, Field.Label,
 * Field.RequiredIndicator, Input and Textarea resolve them, made once (./shared-classes.ts): as
 * those components (over Ark's field), each field was some 25 components and five style
 * resolutions, the largest part of making a form page live.
 */
function useFieldClasses() {
  const fieldRecipe = useSlotRecipe({ key: 'field' });
  const inputRecipe = useRecipe({ key: 'input' });
  const textareaRecipe = useRecipe({ key: 'textarea' });
  return useSharedClasses('text-field', (named) => {
    const parts = fieldRecipe({});
    return {
      root: `chakra-field__root ${named(parts.root)}`,
      label: `chakra-field__label ${named(parts.label)}`,
      requiredIndicator: `chakra-field__requiredIndicator ${named(parts.requiredIndicator)}`,
      helperText: `chakra-field__helperText ${named(parts.helperText)}`,
      errorText: `chakra-field__errorText ${named(parts.errorText)}`,
      input: `chakra-input ${named(inputRecipe({}))}`,
      textarea: `chakra-textarea ${named(textareaRecipe({}))}`,
    };
  });
}

/** The helper's lines kept even while it says nothing (see `helperLines`). */
const keptLines = (lines: number | undefined) => (lines ? { minHeight: `${lines}lh` } : undefined);

/** `''` or nothing, as Ark writes its data attributes. */
export const flag = (on: boolean | undefined) => (on ? '' : undefined);

/**
 * A labelled input with its error under it, in red. The same elements, attributes and classes as
 * Chakra's Field with an Input inside (label tied to the input, required mark, helper and error
 * tied to it by aria-describedby and aria-errormessage), drawn as plain elements.
 */
function PlainTextField({
  label,
  value,
  onValueChange,
  error,
  helper,
  helperLines,
  required,
  format,
  settle,
  multiline,
  name,
  onBlur,
  ...rest
}: TextFieldProps) {
  const classes = useFieldClasses();
  const id = useId();
  const invalid = Boolean(error);
  const helperId = `field::${id}::helper-text`;
  const errorId = `field::${id}::error-text`;
  const change = (v: string) => onValueChange(format ? format(v) : v);
  const leave = (e: FocusEvent<HTMLInputElement>) => {
    if (settle && settle(value) !== value) onValueChange(settle(value));
    onBlur?.(e);
  };
  const control = {
    id,
    name,
    value,
    required,
    'aria-describedby': helper ? helperId : undefined,
    'aria-errormessage': invalid ? errorId : undefined,
    'aria-invalid': invalid || undefined,
    'data-invalid': flag(invalid),
    'data-required': flag(required),
    'data-scope': 'field',
  };
  return (
    <div
      data-scope="field"
      data-part="root"
      id={`field::${id}`}
      role="group"
      data-invalid={flag(invalid)}
      data-field={name}
      className={classes.root}
    >
      <label
        data-scope="field"
        data-part="label"
        id={`field::${id}::label`}
        data-invalid={flag(invalid)}
        data-required={flag(required)}
        htmlFor={id}
        className={classes.label}
      >
        {label}
        {required && (
          <span aria-hidden="true" className={classes.requiredIndicator}>
            *
          </span>
        )}
      </label>
      {multiline ? (
        <textarea
          {...control}
          data-part="textarea"
          rows={3}
          className={classes.textarea}
          onChange={(e) => change(e.target.value)}
        />
      ) : (
        <input
          {...(rest as InputHTMLAttributes<HTMLInputElement>)}
          {...control}
          data-part="input"
          className={classes.input}
          onChange={(e) => change(e.target.value)}
          onBlur={leave}
        />
      )}
      {helper || helperLines ? (
        <span
          id={helperId}
          data-scope="field"
          data-part="helper-text"
          className={classes.helperText}
          style={keptLines(helperLines)}
        >
          {helper}
        </span>
      ) : null}
      {error && (
        <span
          id={errorId}
          data-scope="field"
          data-part="error-text"
          aria-live="polite"
          className={classes.errorText}
        >
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * A labelled input with its error under it, in red. Drawn as plain elements with Chakra's classes
 * (PlainTextField); a field given Chakra's own styling (a `variant`, style props) is drawn by
 * Chakra's Field and Input as before.
 */
export function TextField(props: TextFieldProps) {
  const { isValidProperty } = useChakraContext();
  const styled = Object.keys(props).some(
    (key) => key === 'variant' || key === 'size' || key === 'css' || isValidProperty(key),
  );
  return styled ? <ChakraTextField {...props} /> : <PlainTextField {...props} />;
}

/** The same field drawn by Chakra's Field, Input and Textarea (for Chakra's styling props). */
function ChakraTextField({
  label,
  value,
  onValueChange,
  error,
  helper,
  helperLines,
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
    <FieldShell
      label={label}
      name={name}
      required={required}
      error={error}
      helper={helper}
      helperLines={helperLines}
    >
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
  helperLines,
  children,
}: {
  label: ReactNode;
  name?: string;
  required?: boolean;
  error?: string;
  helper?: ReactNode;
  helperLines?: number;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} data-field={name}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper || helperLines ? (
        <Field.HelperText style={keptLines(helperLines)}>{helper}</Field.HelperText>
      ) : null}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
