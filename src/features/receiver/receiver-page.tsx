import { Box, Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { PageTitle } from '../../components/page-title';
import { API_PATHS } from '../../config/api-paths';
// From its own module, not the domain's index: the page needs no other rule.
import {
  RECEIVER_MESSAGES,
  brasiliaDay,
  checkReceiverNote,
  lastHoldDay,
  type ReceiverNote,
} from '../../domain/receiver-notes';
import { formatDay } from '../../domain/format';
import { SubmitButton } from '../../forms/submit-button';
import { TextField } from '../../forms/text-field';
import { useHydrated } from '../../hooks/use-hydrated';
import { useOnline } from '../../hooks/use-online';

/** What the server shows of the shipment behind the link. */
interface View {
  number: string;
  stage: number;
  stageLabel: string;
  destination: string;
  delivered: boolean;
  returned: boolean;
  note: ReceiverNote;
}

type Loaded =
  | { status: 'loading' }
  // The server did not answer (a dead zone that says 'online'): as with no signal.
  | { status: 'unreachable' }
  | { status: 'gone'; message: string }
  | { status: 'failed' }
  | { status: 'ready'; view: View };

const EMPTY: ReceiverNote = { instructions: '', complement: '', mayReceive: '', holdUntil: '' };
const NO_LINK = 'Abra esta página pelo link do e-mail que recebeu sobre a sua encomenda.';
const FAILED = 'Não foi possível carregar a encomenda agora. Tente de novo em instantes.';

// What was typed and not yet sent stays on this device, per link, across reloads and no signal.
const draftKey = (token: string) => `recebedor:${token}`;
function readDraft(token: string): ReceiverNote | null {
  try {
    const kept = localStorage.getItem(draftKey(token));
    return kept ? { ...EMPTY, ...(JSON.parse(kept) as Partial<ReceiverNote>) } : null;
  } catch {
    return null;
  }
}
function keepDraft(token: string, note: ReceiverNote | null) {
  try {
    if (note) localStorage.setItem(draftKey(token), JSON.stringify(note));
    else localStorage.removeItem(draftKey(token));
  } catch {
    // private mode or a full device: the form still works, only without the kept draft
  }
}

/**
 * The receiver's private page ('/recebedor#<token>', from their e-mail): the shipment's number,
 * stage and city, and a form for how to deliver it. The token is after '#': the page's own load
 * never sends it anywhere; only the two API calls carry it. Reading needs the network; what is
 * typed is kept on the device, and a note sent with no signal waits in the outbox.
 */
export default function ReceiverPage() {
  // After the '#', known once the page is live (the prerendered page has no link).
  const hydrated = useHydrated();
  const token = hydrated ? window.location.hash.replace(/^#/, '').trim() : '';
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [outcome, setOutcome] = useState('');
  const [formNote, setFormNote] = useState('');
  const online = useOnline();
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  // An item the server refused: the corrected one takes its place in 'Envios'.
  const refused = useRef<string | undefined>(undefined);

  const form = useFormik<ReceiverNote>({
    initialValues: EMPTY,
    validate: (values) => checkReceiverNote(values as unknown as Record<string, unknown>),
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      setFormNote('');
      setOutcome('');
      const { submit } = await import('../../offline');
      const sent = await submit(
        'receiverNote',
        { token, ...values, at: new Date().toISOString() },
        undefined,
        refused.current,
      );
      if (sent.status === 'failed') {
        refused.current = sent.item.id;
        helpers.setErrors(sent.item.fieldErrors ?? {});
        setFormNote(sent.item.fieldErrors ? '' : sent.item.lastError);
        return;
      }
      refused.current = undefined;
      keepDraft(token, null);
      setOutcome(
        sent.status === 'sent'
          ? String(sent.item.result?.message || RECEIVER_MESSAGES.saved)
          : RECEIVER_MESSAGES.queued,
      );
    },
  });
  const { setValues } = form;

  // Loads once the link is known, and again when the signal returns to a page opened without it.
  useEffect(() => {
    if (!token || (loaded.status !== 'loading' && loaded.status !== 'unreachable')) return;
    const draft = readDraft(token);
    if (draft) void setValues(draft);
    if (!online) return;
    let current = true;
    void (async () => {
      let next: Loaded;
      try {
        const { ClientResponseError, visitorApi } = await import('../../lib/pocketbase');
        try {
          const view = (await visitorApi.send(API_PATHS.receiverNote(token), {
            requestKey: null,
          })) as View;
          if (!draft && current) void setValues({ ...EMPTY, ...view.note });
          next = { status: 'ready', view };
        } catch (error) {
          const status = error instanceof ClientResponseError ? error.status : -1;
          next =
            status === 404
              ? { status: 'gone', message: RECEIVER_MESSAGES.notFound }
              : status === 0
                ? { status: 'unreachable' }
                : { status: 'failed' };
        }
      } catch {
        next = { status: 'failed' };
      }
      if (current) setLoaded(next);
    })();
    return () => {
      current = false;
    };
  }, [token, online, loaded.status, setValues]);

  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const field = (name: keyof ReceiverNote) => ({
    name,
    value: form.values[name],
    error: form.errors[name],
    onValueChange: (value: string) => {
      void form.setFieldValue(name, value);
      setOutcome('');
      if (token) keepDraft(token, { ...form.values, [name]: value });
    },
  });

  const view = loaded.status === 'ready' ? loaded.view : null;
  const noLink = hydrated && !token;
  // No signal and nothing loaded yet: the form still takes the note, which waits on the device.
  const offline =
    Boolean(token) && ((loaded.status === 'loading' && !online) || loaded.status === 'unreachable');
  const closed = view && (view.delivered || view.returned);
  const today = brasiliaDay();

  return (
    <Box maxW="2xl">
      <PageTitle title="Instruções de entrega" />
      {loaded.status === 'loading' && !noLink && !offline && <Text>Carregando a encomenda…</Text>}
      {noLink && <Text>{NO_LINK}</Text>}
      {loaded.status === 'gone' && (
        <Text role="alert" color="red.fg">
          {loaded.message}
        </Text>
      )}
      {loaded.status === 'failed' && <Text role="alert">{FAILED}</Text>}
      {offline && (
        <Text role="status" bg="yellow.subtle" p="3" borderRadius="md" mb="4">
          {RECEIVER_MESSAGES.offline}
        </Text>
      )}
      {view && (
        <Box
          as="section"
          aria-label="Sua encomenda"
          borderWidth="1px"
          borderRadius="md"
          p="4"
          mb="6"
        >
          <Text fontWeight="bold" fontSize="lg">
            Encomenda {view.number}
          </Text>
          <Text>Situação: {view.stageLabel}</Text>
          {view.destination && <Text>Destino: {view.destination}</Text>}
        </Box>
      )}
      {view?.delivered && (
        <Text role="status" fontWeight="medium">
          {RECEIVER_MESSAGES.delivered}
        </Text>
      )}
      {view && !view.delivered && view.returned && (
        <Text role="status" fontWeight="medium">
          {RECEIVER_MESSAGES.returned}
        </Text>
      )}
      {(offline || (view && !closed)) && (
        <form
          noValidate
          aria-label="Como entregar"
          onSubmit={(e) => {
            e.preventDefault();
            form.handleSubmit();
          }}
        >
          <Stack gap="4">
            <Text>
              Conte como prefere receber. O motorista vê estas instruções na parada da sua entrega.
            </Text>
            <TextField
              {...field('instructions')}
              label="Instruções de entrega"
              helper="Por exemplo: deixar na portaria, tocar o interfone 12"
              multiline
              maxLength={300}
            />
            <TextField
              {...field('complement')}
              label="Complemento"
              helper="Apartamento, bloco, fundos…"
              maxLength={100}
            />
            <TextField
              {...field('mayReceive')}
              label="Quem pode receber"
              helper="Um vizinho ou o porteiro, se você não estiver"
              maxLength={120}
            />
            <TextField
              {...field('holdUntil')}
              label="Guardar até"
              type="date"
              min={today}
              max={lastHoldDay()}
              helper={`${RECEIVER_MESSAGES.holdRule} Até ${formatDay(lastHoldDay())}.`}
            />
            {formNote && (
              <Text role="alert" color="red.fg">
                {formNote}
              </Text>
            )}
            <Box>
              <SubmitButton sending={form.isSubmitting} sendingText="Enviando…">
                Enviar instruções
              </SubmitButton>
            </Box>
            {outcome && (
              <Text ref={outcomeRef} tabIndex={-1} role="status" fontWeight="medium">
                {outcome}
              </Text>
            )}
          </Stack>
        </form>
      )}
    </Box>
  );
}
