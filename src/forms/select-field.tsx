import { useSlotRecipe } from '@chakra-ui/react';
import { useId } from 'react';
import { useSharedClasses } from './shared-classes';
import { flag } from './text-field';

/** The chevron NativeSelect.Indicator draws (Chakra's ChevronDownIcon), as its style props. */
const CHEVRON = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: '2',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/**
 * The classes of a select field's parts, as Chakra's Field.Root, Field.Label,
 * Field.RequiredIndicator, Field.ErrorText and NativeSelect.Root, Field and Indicator resolve
 * them, made once (./shared-classes.ts).
 */
function useSelectClasses() {
  const fieldRecipe = useSlotRecipe({ key: 'field' });
  const selectRecipe = useSlotRecipe({ key: 'nativeSelect' });
  return useSharedClasses('select-field', (named) => {
    const field = fieldRecipe({});
    const select = selectRecipe({});
    return {
      root: `chakra-field__root ${named(field.root)}`,
      label: `chakra-field__label ${named(field.label)}`,
      requiredIndicator: `chakra-field__requiredIndicator ${named(field.requiredIndicator)}`,
      errorText: `chakra-field__errorText ${named(field.errorText)}`,
      selectRoot: `chakra-native-select__root ${named(select.root)}`,
      select: `chakra-native-select__field ${named(select.field)}`,
      indicator: `chakra-native-select__indicator ${named(select.indicator)}`,
      chevron: named(CHEVRON),
    };
  });
}

interface SelectFieldProps {
  label: string;
  name: string;
  value: string;
  options: readonly string[];
  onValueChange: (value: string) => void;
  error?: string;
  required?: boolean;
  placeholder?: string;
}

/**
 * A labelled native select with its error under it, in red: the same elements, attributes and
 * classes as Chakra's Field around a NativeSelect (label tied to the select, required mark, error
 * tied to it by aria-errormessage), drawn as plain elements. As those components (over Ark's
 * field, which also watched its part of the page for a helper or error text appearing) each select
 * was seven styled elements and as many style resolutions while the page went live.
 */
export function SelectField({
  label,
  name,
  value,
  options,
  onValueChange,
  error,
  required,
  placeholder = 'Selecione',
}: SelectFieldProps) {
  const classes = useSelectClasses();
  const id = useId();
  const invalid = Boolean(error);
  const errorId = `field::${id}::error-text`;
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
      <div className={classes.selectRoot}>
        <select
          aria-errormessage={invalid ? errorId : undefined}
          aria-invalid={invalid || undefined}
          data-invalid={flag(invalid)}
          data-required={flag(required)}
          id={id}
          required={required}
          data-scope="field"
          data-part="select"
          name={name}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          className={classes.select}
        >
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
        <div data-invalid={flag(invalid)} className={classes.indicator}>
          <svg viewBox="0 0 24 24" className={classes.chevron}>
            <path d="m6 9 6 6 6-6" />
          </svg>
        </div>
      </div>
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
