import { Box, Button, Checkbox, Link, Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { TextField } from '../../forms/text-field';
import { toaster } from '../../components/toaster';
import { paths } from '../../config/paths';
import {
  FOLLOW_CONSENT,
  FOLLOW_LIMITS,
  FOLLOW_RULES,
  maskTrackingNumber,
  schemaFor,
  type FormValues,
} from '../../domain';
import { submit } from '../../offline';
import { outcomeMessage } from '../../offline/messages';

const QUEUED =
  'Sem conexão: o pedido de aviso ficou guardado neste aparelho e será enviado quando o sinal voltar. Depois, confirme pelo e-mail que vamos mandar.';

/**
 * 'Avise-me por e-mail' under a tracking result: an address and the consent, stored on
 * the device first (the outbox), so it also works with no signal. The server answers the same for
 * every number; the confirmation e-mail decides.
 */
export default function FollowForm({
  number,
  initiallyOpen = false,
}: {
  number: string;
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const [done, setDone] = useState('');
  const formEl = useRef<HTMLFormElement>(null);
  const focusField = (name: string) =>
    formEl.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.focus();
  const outcomeText = useRef<HTMLParagraphElement>(null);
  // A request the server refused: the corrected one takes its place in 'Envios'.
  const refused = useRef<string | undefined>(undefined);
  const schema = useMemo(() => schemaFor(FOLLOW_RULES), []);
  const form = useFormik<FormValues>({
    initialValues: { number, email: '', consent: '' },
    validationSchema: schema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      const outcome = await submit(
        'follow',
        { ...values, number, email: values.email.trim() },
        undefined,
        refused.current,
      );
      if (outcome.status === 'failed') {
        const { fieldErrors, lastError } = outcome.item;
        refused.current = outcome.item.id;
        helpers.setErrors(fieldErrors ?? {});
        // The number is not typed here: its message (and any other refusal) shows under the form.
        helpers.setStatus(fieldErrors?.number ?? (fieldErrors?.email ? '' : lastError));
        return;
      }
      refused.current = undefined;
      // Sent; or kept on the device (no signal, or a limit: the server's words, and it goes later).
      const message =
        outcome.status === 'sent'
          ? String(outcome.item.result?.message ?? '')
          : navigator.onLine && outcome.item.lastError
            ? `${outcome.item.lastError} O pedido ficou guardado neste aparelho e será enviado de novo mais tarde.`
            : QUEUED;
      setDone(message);
      toaster.replace(
        'avise-me',
        outcomeMessage(outcome, {
          sent: { title: 'Confirme pelo seu e-mail', description: message, duration: 8000 },
          queued: { title: 'Pedido de aviso guardado', description: message },
          // A refusal is shown under the form itself (above), never as a toast.
          failed: { title: '' },
        }),
      );
    },
  });

  // Focus follows the form: into it when opened, onto the outcome when done.
  useEffect(() => {
    if (open && !done) focusField('email');
  }, [open, done]);
  useEffect(() => {
    if (done) outcomeText.current?.focus();
  }, [done]);

  if (done) {
    return (
      <Text
        ref={outcomeText}
        tabIndex={-1}
        role="status"
        mt="4"
        p="3"
        bg="green.subtle"
        color="green.fg"
        borderRadius="md"
      >
        {done}
      </Text>
    );
  }
  if (!open) {
    return (
      <Button
        mt="4"
        size="sm"
        variant="outline"
        colorPalette="brand"
        aria-expanded={false}
        onClick={() => setOpen(true)}
      >
        Avise-me por e-mail
      </Button>
    );
  }
  const submitted = form.submitCount > 0;
  const consentError = submitted ? form.errors.consent : undefined;
  const send = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const errors = await form.validateForm();
    void form.submitForm();
    // An incomplete form takes the person to what is missing.
    if (errors.email) focusField('email');
    else if (errors.consent) focusField('consent');
  };
  return (
    <Box mt="4" pt="4" borderTopWidth="1px">
      <form ref={formEl} noValidate onSubmit={(e) => void send(e)} aria-label="Avise-me por e-mail">
        <Stack gap="3">
          <Text fontWeight="semibold">
            Receba um e-mail a cada nova etapa do rastreio {maskTrackingNumber(number)}
          </Text>
          <TextField
            label="Seu e-mail"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={form.values.email ?? ''}
            onValueChange={(v) => void form.setFieldValue('email', v)}
            error={submitted ? form.errors.email : undefined}
          />
          <Box>
            <Checkbox.Root
              checked={form.values.consent === FOLLOW_CONSENT}
              onCheckedChange={(e) =>
                void form.setFieldValue('consent', e.checked === true ? FOLLOW_CONSENT : '')
              }
              invalid={Boolean(consentError)}
              alignItems="start"
            >
              <Checkbox.HiddenInput
                name="consent"
                aria-describedby={consentError ? 'avise-me-consent-error' : undefined}
              />
              <Checkbox.Control mt="0.5" />
              <Checkbox.Label fontWeight="normal" fontSize="sm">
                Concordo em receber estes avisos. Usamos o e-mail só para eles: ele é apagado na
                entrega ou em {FOLLOW_LIMITS.maxDays} dias, e cada e-mail tem um link para parar.
              </Checkbox.Label>
            </Checkbox.Root>
            {consentError && (
              <Text id="avise-me-consent-error" color="fg.error" fontSize="sm" mt="1">
                {consentError}
              </Text>
            )}
            <Link asChild color="brand.fg" fontSize="sm" mt="1">
              <RouterLink to={paths.privacy}>Saiba mais sobre privacidade</RouterLink>
            </Link>
          </Box>
          {form.status && (
            <Text role="alert" color="fg.error" fontSize="sm">
              {String(form.status)}
            </Text>
          )}
          <Button
            type="submit"
            colorPalette="brand"
            alignSelf="start"
            loading={form.isSubmitting}
            loadingText="Enviando"
          >
            Quero receber os avisos
          </Button>
        </Stack>
      </form>
    </Box>
  );
}
