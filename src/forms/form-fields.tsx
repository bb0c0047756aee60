import { useRecipe } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../config/paths';
import { RadioChoice } from './radio-choice';
import { useSharedClasses } from './shared-classes';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';

export { SelectField } from './select-field';

const LABEL_BLOCK = { mb: '2', display: 'block' } as const;

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

/**
 * Classes of the text around the fields, as Chakra's Text and Link with these style props gave
 * them, made once (./shared-classes.ts): each Text or Link resolved its recipe and serialized its
 * styles as the page went live.
 */
function useFormTextClasses() {
  const linkRecipe = useRecipe({ key: 'link' });
  return useSharedClasses('form-text', (named) => ({
    requiredMark: named({ color: 'fg.error', ms: '1' }),
    notice: named({ fontSize: 'sm', color: 'fg.muted' }),
    link: `chakra-link ${named(linkRecipe({}), { color: 'brand.fg' })}`,
  }));
}

export function RadioField(props: RadioFieldProps) {
  const { label, name, value, options, onValueChange, error, required } = props;
  const classes = useFormTextClasses();
  return (
    <div data-field={name}>
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
              <span aria-hidden="true" data-required-mark="true" className={classes.requiredMark}>
                *
              </span>
            )}
          </>
        }
      />
      {error && <RadioError>{error}</RadioError>}
    </div>
  );
}

/**
 * A radio group's error, in red. Its own component: its class is made (and its rule added to the
 * page) when an error first shows, not while the page goes live, where no prerendered page has it.
 */
function RadioError({ children }: { children: ReactNode }) {
  const classes = useSharedClasses('radio-error', (named) => ({
    error: named({ color: 'fg.error', fontSize: 'sm', mt: '1' }),
  }));
  return <p className={classes.error}>{children}</p>;
}

/** LGPD: what a form collects and why, with the privacy page one tap away. */
export function PrivacyNotice() {
  const classes = useFormTextClasses();
  return (
    <p className={classes.notice}>
      Usamos os dados deste formulário somente para responder ao seu pedido (cotação, coleta e
      entrega) e falar com você sobre ele.{' '}
      <RouterLink to={paths.privacy} className={classes.link}>
        Saiba mais sobre privacidade
      </RouterLink>
      .
    </p>
  );
}

/** Bring the first field with an error into view and focus it. */
export function scrollToFirstError(framesLeft = 30) {
  requestAnimationFrame(() => {
    const first = document.querySelector<HTMLElement>(
      '[data-field] [aria-invalid="true"], [data-field][aria-invalid="true"], [data-field] [data-invalid] input, [data-field] [data-invalid]',
    );
    // The messages are drawn by a render that may come a few frames after the check that found
    // them (the first check also loads its rules' code): look again until one is on screen.
    if (!first) {
      if (framesLeft > 0) scrollToFirstError(framesLeft - 1);
      return;
    }
    const target = first.closest<HTMLElement>('[data-field]') ?? first;
    target.scrollIntoView({ behavior: 'smooth', block: 'center' });
    const input = target.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea');
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
      <div>
        <SubmitButton sending={sending} sendingText="Enviando...">
          {label}
        </SubmitButton>
      </div>
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
