import { Box, Button, Link, NativeSelect, Text } from '@chakra-ui/react';
import type { ComponentProps } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../config/paths';
import { RadioChoice } from './radio-choice';
import { FieldShell, TextField } from './text-field';

const LABEL_BLOCK = { mb: '2', display: 'block' } as const;

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
  return (
    <FieldShell label={label} name={name} required={required} error={error}>
      <NativeSelect.Root>
        <NativeSelect.Field
          name={name}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
        >
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldShell>
  );
}

interface RadioFieldProps {
  label: string;
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onValueChange: (value: string) => void;
  error?: string;
  /** Shows the same required mark as the other fields. */
  required?: boolean;
}

export function RadioField(props: RadioFieldProps) {
  const { label, name, value, options, onValueChange, error, required } = props;
  return (
    <Box data-field={name}>
      <RadioChoice
        name={name}
        value={value}
        options={options}
        onValueChange={onValueChange}
        aria-invalid={Boolean(error) || undefined}
        labelStyles={LABEL_BLOCK}
        wrap
        label={
          <>
            {label}
            {required && (
              <Text as="span" color="fg.error" ms="1" aria-hidden="true" data-required-mark>
                *
              </Text>
            )}
          </>
        }
      />
      {error && (
        <Text color="fg.error" fontSize="sm" mt="1">
          {error}
        </Text>
      )}
    </Box>
  );
}

/** LGPD: what a form collects and why, with the privacy page one tap away. */
export function PrivacyNotice() {
  return (
    <Text fontSize="sm" color="fg.muted">
      Usamos os dados deste formulário somente para responder ao seu pedido (cotação, coleta e
      entrega) e falar com você sobre ele.{' '}
      <Link asChild color="brand.fg">
        <RouterLink to={paths.privacy}>Saiba mais sobre privacidade</RouterLink>
      </Link>
      .
    </Text>
  );
}

/** Bring the first field with an error into view and focus it. */
export function scrollToFirstError() {
  requestAnimationFrame(() => {
    const first = document.querySelector<HTMLElement>(
      '[data-field] [aria-invalid="true"], [data-field][aria-invalid="true"], [data-field] [data-invalid] input, [data-field] [data-invalid]',
    );
    const target = first?.closest<HTMLElement>('[data-field]') ?? first;
    target?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    const input = target?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea');
    input?.focus({ preventScroll: true });
  });
}

/** The closing lines of a request form: what the item is, the privacy notice and the send button. */
export function RequestFormEnd({
  description,
  sending,
  label,
}: {
  description: Omit<ComponentProps<typeof TextField>, 'label'>;
  sending: boolean;
  label: string;
}) {
  return (
    <>
      <TextField {...description} label="Descrição do item" multiline />
      <PrivacyNotice />
      <Box>
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          loading={sending}
          loadingText="Enviando..."
        >
          {label}
        </Button>
      </Box>
    </>
  );
}

/** A password field as both sign-ins use it. */
export function PasswordField({
  value,
  onValueChange,
}: {
  value: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Senha"
      type="password"
      autoComplete="current-password"
      value={value}
      onValueChange={onValueChange}
      required
    />
  );
}
