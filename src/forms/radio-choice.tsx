import { HStack, useSlotRecipe, type SystemStyleObject } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { useSharedClasses } from './shared-classes';
import { flag } from './text-field';

/** How Ark hides a radio's own input (the control drawn beside it stands for it). */
const VISUALLY_HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  width: '1px',
  whiteSpace: 'nowrap',
  wordWrap: 'normal',
} as const;

interface RadioChoiceProps {
  label: ReactNode;
  name?: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onValueChange: (value: string) => void;
  'aria-invalid'?: boolean;
  /** Styles of the group's label beyond Chakra's (a margin, `display: block`). */
  labelStyles: SystemStyleObject;
  /** Options that do not fit on one line go to the next. */
  wrap?: boolean;
}

/**
 * A group of radio buttons as Chakra's RadioGroup draws them (the same elements, attributes and
 * classes, brand colours), made of native radio inputs: the browser gives them their keyboard and
 * their grouping by name. Chakra's RadioGroup started a state machine for each group as the page
 * went live, and each re-rendered its group once more, synchronously, right after (a long task on
 * the quote page's three); its classes are made once here (./shared-classes.ts).
 */
export function RadioChoice({
  label,
  name,
  value,
  options,
  onValueChange,
  'aria-invalid': invalid,
  labelStyles,
  wrap,
}: RadioChoiceProps) {
  const recipe = useSlotRecipe({ key: 'radioGroup' });
  const classes = useSharedClasses(`radio-choice ${JSON.stringify(labelStyles)}`, (named) => {
    const parts = recipe({});
    return {
      root: `chakra-radio-group__root ${named(parts.root ?? {}, { colorPalette: 'brand' })}`,
      label: `chakra-radio-group__label ${named(parts.label ?? {}, labelStyles)}`,
      item: `chakra-radio-group__item ${named(parts.item ?? {})}`,
      control: named(parts.itemControl ?? {}),
    };
  });
  const uid = useId();
  const id = `radio-group:${uid}`;
  // The option whose input has the keyboard's focus ring, drawn on its control as Ark does.
  const [focusVisible, setFocusVisible] = useState<string | null>(null);
  const common = {
    'data-scope': 'radio-group',
    dir: 'ltr',
    'data-orientation': 'vertical',
  } as const;
  return (
    <div
      {...common}
      data-part="root"
      role="radiogroup"
      id={id}
      aria-labelledby={`${id}:label`}
      aria-orientation="vertical"
      aria-invalid={invalid}
      style={{ position: 'relative' }}
      className={classes.root}
    >
      <span {...common} data-part="label" id={`${id}:label`} className={classes.label}>
        {label}
      </span>
      <HStack gap="6" wrap={wrap ? 'wrap' : undefined}>
        {options.map((option) => {
          const checked = option.value === value;
          const state = checked ? 'checked' : 'unchecked';
          const item = `${id}:radio`;
          return (
            <label
              key={option.value}
              {...common}
              data-part="item"
              id={`${item}:${option.value}`}
              htmlFor={`${item}:input:${option.value}`}
              data-state={state}
              className={classes.item}
            >
              <input
                data-ownedby={id}
                id={`${item}:input:${option.value}`}
                type="radio"
                aria-labelledby={`${item}:label:${option.value}`}
                style={VISUALLY_HIDDEN}
                name={name ?? uid}
                value={option.value}
                checked={checked}
                onChange={() => onValueChange(option.value)}
                onFocus={(e) =>
                  setFocusVisible(e.currentTarget.matches(':focus-visible') ? option.value : null)
                }
                onBlur={() => setFocusVisible(null)}
              />
              <span
                {...common}
                data-part="item-control"
                id={`${item}:control:${option.value}`}
                aria-hidden="true"
                data-state={state}
                data-checked={flag(checked)}
                data-focus-visible={flag(focusVisible === option.value)}
                className={classes.control}
              >
                {checked && <span className="dot" />}
              </span>
              <span
                {...common}
                data-part="item-text"
                id={`${item}:label:${option.value}`}
                data-state={state}
                className="chakra-radio-group__itemText"
              >
                {option.label}
              </span>
            </label>
          );
        })}
      </HStack>
    </div>
  );
}
