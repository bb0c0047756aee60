import {
  Box,
  Button,
  Checkbox,
  Grid,
  HStack,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useFormik, type FormikProps } from 'formik';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toaster } from '../../../components/toaster';
import { useCompanySite } from '../clients/sites';
import { paths } from '../../../config/paths';
import {
  draftFromRequest,
  emptyShipment,
  formatCep,
  formatDocument,
  formatPhone,
  moneyCents,
  newChangeTime,
  parseDecimal,
  PIN_MESSAGES,
  PARTY_LABEL,
  promisedDateFor,
  schemaFor,
  SERVICES,
  SHIPMENT_MESSAGES,
  SHIPMENT_RULES,
  shipmentFormValues,
  shipmentPrice,
  shipmentPriceText,
  STATE_CODES,
  todayInBrazil,
  type FieldErrors,
  type FormValues,
  type Party,
  type ShipmentChange,
  type SubmissionKind,
} from '../../../domain';
import { db } from '../../../lib/db';
import { DEVICE_FULL, isQuotaError } from '../../../lib/storage';
import { newRecordId, type TrackingPayload } from '../../../offline';
import { outcomeMessage } from '../../../offline/messages';
import { RadioField, scrollToFirstError, SelectField } from '../../../forms/form-fields';
import { DecimalField, MoneyField } from '../../../forms/number-fields';
import { TextField } from '../../../forms/text-field';
import { problemsOf } from '../../../forms/use-rules-form';
import { announceProblems, FORM_PROBLEMS } from '../../../forms/send-form';
import { sendChange } from '../tracking/api';
import { refreshReservedNumbers, reservedLeft, takeReservedNumber } from './numbers';
import { knownDrivers, pinAboveCents, refreshDrivers, type Driver } from './drivers';
import { FieldShell } from '../../../forms/text-field';
import type { CepLayout } from '../../../domain/cep';
import { useCepFill } from '../../../forms/use-cep-fill';

const schema = schemaFor(SHIPMENT_RULES);
const label = (name: string) => SHIPMENT_RULES.find((r) => r.name === name)?.label ?? name;
const required = (name: string) => Boolean(SHIPMENT_RULES.find((r) => r.name === name)?.required);

/** The request a shipment is made from, as the inbox hands it over. */
export interface FromRequest {
  kind: SubmissionKind;
  record: Record<string, unknown>;
}

/** 'CPF' or 'CNPJ' by how many characters were typed: one field takes either. */
const formatAnyDocument = (value: string) =>
  formatDocument(value.replace(/[^0-9A-Za-z]/g, '').length > 11 ? 'cnpj' : 'cpf', value);

/** The office form of a shipment: new (blank or from a request) or an edit of one on the device. */
export function ShipmentForm() {
  const location = useLocation();
  const [params] = useSearchParams();
  const editing = params.get('editar');
  const from = (location.state as { request?: FromRequest } | null)?.request;
  const today = useMemo(() => todayInBrazil(), []);
  // A pickup leaves from its company's fixed site: known before the form opens.
  const company = useCompanySite(from?.kind === 'pickup' ? from.record.company : '');
  // An edit: the shipment's details as this device keeps them (null: not on this device).
  const row = useLiveQuery(
    async () => (editing ? ((await db.staffTracking.get(editing)) ?? null) : null),
    [editing],
  );
  const initial = useMemo<FormValues | null>(() => {
    if (editing) {
      return row?.shipment
        ? {
            ...shipmentFormValues(row.shipment),
            driver: row.driver,
            deliveryPin: row.pin ? 'sim' : 'nao',
          }
        : null;
    }
    const draft = from
      ? draftFromRequest(from.kind, from.record, company.site, today)
      : emptyShipment(today);
    // '': not chosen yet, so the declared value decides (`asksPin`).
    return { ...draft, driver: '', deliveryPin: '' };
  }, [editing, row, from, today, company.site]);

  // Online, the device tops up its reserved numbers (for shipments made later with no signal).
  const [asked, setAsked] = useState(false);
  const [drivers, setDrivers] = useState<Driver[]>(knownDrivers);
  useEffect(() => {
    refreshReservedNumbers()
      .catch(() => undefined)
      .finally(() => setAsked(true));
    void refreshDrivers().then(setDrivers);
  }, []);

  if ((editing && row === undefined) || (from && company.pending)) {
    return <Text role="status">Carregando...</Text>;
  }
  if (!initial) return <Text>Esta remessa não está neste aparelho.</Text>;
  return (
    <ShipmentFormView
      // Opened once with what the device has: a later sync does not overwrite what is being typed.
      key={editing ?? 'nova'}
      initial={initial}
      editing={editing && row ? { id: row.id, number: row.number } : null}
      asked={asked}
      drivers={drivers}
      from={from}
      today={today}
    />
  );
}

function ShipmentFormView({
  initial,
  editing,
  from,
  today,
  asked,
  drivers,
}: {
  drivers: Driver[];
  /** The device has asked the server for its reserved numbers (or could not). */
  asked: boolean;
  initial: FormValues;
  editing: { id: string; number: string } | null;
  from: FromRequest | undefined;
  today: string;
}) {
  const navigate = useNavigate();
  const link = from ? `${from.kind}:${String(from.record.id)}` : undefined;
  const left = useLiveQuery(() => reservedLeft(), []);
  const form = useFormik<FormValues>({
    initialValues: initial,
    validationSchema: schema,
    // The code goes to the addressee's e-mail: without one there is nobody to send it to.
    validate: (values) =>
      asksPin(values) && !String(values.recipientEmail ?? '').trim()
        ? { recipientEmail: PIN_MESSAGES.emailRequired }
        : {},
    onSubmit: async (values) => save(values),
  });

  const showErrors = form.submitCount > 0;
  const field = (name: string) => ({
    name,
    value: form.values[name] ?? '',
    onValueChange: (v: string) => void form.setFieldValue(name, v),
    error: showErrors ? form.errors[name] : undefined,
    required: required(name),
    label: label(name),
  });

  async function save(values: FormValues) {
    // A request already made into a shipment on this device opens that one instead.
    if (link && !editing) {
      const made = await db.staffTracking
        .where('number')
        .notEqual('')
        .filter((r) => r.request === link)
        .first();
      const waiting = (await db.outbox.where('kind').equals('tracking').toArray()).find(
        (i) =>
          i.state !== 'sent' &&
          (i.payload as unknown as TrackingPayload).change.op === 'shipment' &&
          ((i.payload as unknown as TrackingPayload).change as ShipmentChange).request === link,
      );
      if (made || waiting) {
        const number =
          made?.number ?? (waiting?.payload as unknown as TrackingPayload).change.number;
        toaster.replace('remessa', {
          title: SHIPMENT_MESSAGES.requestTaken(number || SHIPMENT_MESSAGES.provisional),
          type: 'info',
        });
        navigate(paths.trackingAdmin);
        return;
      }
    }
    // The code's choice travels beside the shipment's details, not among them.
    const { driver, deliveryPin: _, ...fields } = values; // eslint-disable-line @typescript-eslint/no-unused-vars
    const change: ShipmentChange = {
      op: 'shipment',
      record: editing?.id ?? newRecordId(),
      number: editing ? editing.number : await takeReservedNumber(),
      at: newChangeTime(),
      fields,
      driver: driver ?? '',
      deliveryPin: asksPin(values),
      ...(link && !editing ? { request: link } : {}),
    };
    try {
      const outcome = await sendChange(change);
      toaster.dismiss(FORM_PROBLEMS);
      toaster.replace(
        'remessa',
        outcomeMessage(outcome, {
          sent: {
            title: editing
              ? 'Remessa atualizada'
              : `Remessa ${change.number || ''} salva`.replace('  ', ' '),
            duration: 3000,
          },
          queued: {
            title: 'Remessa guardada neste aparelho',
            description: change.number
              ? `Número ${change.number}: a etiqueta já pode ser impressa. Vai para o servidor assim que o sinal voltar.`
              : 'Sem números reservados neste aparelho: a remessa tem número provisório até o servidor responder.',
            duration: 6000,
          },
          needsAuth: {
            title: 'Sessão expirada',
            description: 'Entre de novo: a remessa continua guardada neste aparelho.',
          },
          failed: (item) => ({
            title: 'O servidor não aceitou a remessa',
            description: Object.values(item.fieldErrors ?? {}).join('; ') || item.lastError,
          }),
        }),
      );
      navigate(paths.trackingAdmin);
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      toaster.replace('remessa', {
        title: DEVICE_FULL.title,
        description: 'A remessa não foi guardada: libere espaço no aparelho e tente de novo.',
        type: 'error',
        duration: 10_000,
      });
    }
  }

  // A double tap saves once: the second tap arrives while the first is being kept.
  const busy = useRef(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      await submitOnce();
    } finally {
      busy.current = false;
    }
  };
  const submitOnce = async () => {
    const errors = await form.validateForm();
    if (Object.keys(errors).length > 0) {
      void form.submitForm();
      announceProblems(problemsOf(SHIPMENT_RULES, errors as FieldErrors), {
        title: 'Confira os campos destacados',
      });
      scrollToFirstError();
      return;
    }
    await form.submitForm();
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Remessa">
      <Stack gap="6">
        {from && (
          <Text color="fg.muted">
            Preenchida com os dados da solicitação. Complete o que falta e confira antes de salvar.
          </Text>
        )}
        {!editing && asked && left === 0 && (
          <Text role="status" color="orange.fg" fontSize="sm">
            Sem números reservados neste aparelho: a remessa terá um número provisório e a etiqueta
            sai quando o servidor responder.
          </Text>
        )}
        <PartyBlock party="sender" field={field} form={form} />
        <PartyBlock party="recipient" field={field} form={form} />
        <Box as="fieldset" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
          <Text as="legend" fontWeight="bold" fontSize="lg" px="2">
            Encomenda
          </Text>
          <Stack gap="4">
            <TextField {...field('contents')} maxLength={200} />
            <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="4">
              <DecimalField {...field('weight')} label="Peso (kg)" placeholder="0,00" />
              <DecimalField {...field('length')} label="Comprimento (cm)" placeholder="0,0" />
              <DecimalField {...field('width')} label="Largura (cm)" placeholder="0,0" />
              <DecimalField {...field('height')} label="Altura (cm)" placeholder="0,0" />
            </Grid>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField {...field('invoiceNumber')} maxLength={60} />
              <MoneyField {...field('invoiceValue')} />
            </SimpleGrid>
          </Stack>
        </Box>
        <Box as="fieldset" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
          <Text as="legend" fontWeight="bold" fontSize="lg" px="2">
            Entrega
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <RadioField
              {...field('service')}
              options={SERVICES.map((s) => ({ value: s, label: s }))}
              onValueChange={(v) => {
                void form.setFieldValue('service', v);
                void form.setFieldValue('promisedDate', promisedDateFor(v, today));
              }}
            />
            <TextField {...field('promisedDate')} type="date" min={today} />
            <Box data-field="deliveryPin">
              <Checkbox.Root
                minH="11"
                checked={asksPin(form.values)}
                onCheckedChange={(e) =>
                  void form.setFieldValue('deliveryPin', e.checked === true ? 'sim' : 'nao')
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{PIN_MESSAGES.choice}</Checkbox.Label>
              </Checkbox.Root>
              <Text fontSize="sm" color="fg.muted" mt="1">
                {PIN_MESSAGES.choiceHelper}
              </Text>
            </Box>
            <FieldShell label="Motorista" name="driver">
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="driver"
                  value={form.values.driver ?? ''}
                  onChange={(e) => void form.setFieldValue('driver', e.target.value)}
                >
                  <option value="">Sem motorista (definir depois)</option>
                  {driverOptions(drivers, form.values.driver ?? '').map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FieldShell>
          </SimpleGrid>
          <Text mt="4" fontSize="sm" data-testid="shipment-price">
            Preço pela tabela: {shipmentPriceText(formPrice(form.values))}. O servidor calcula de
            novo ao salvar.
          </Text>
        </Box>
        <HStack gap="3" wrap="wrap">
          <Button type="submit" colorPalette="brand" loading={form.isSubmitting}>
            Salvar remessa
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={from ? paths.requestsInbox : paths.trackingAdmin}>Cancelar</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/** The price the server will store for the figures typed (src/domain/pricing.ts). */
function formPrice(values: FormValues) {
  return shipmentPrice({
    weightKg: parseDecimal(values.weight ?? ''),
    lengthCm: parseDecimal(values.length ?? ''),
    widthCm: parseDecimal(values.width ?? ''),
    heightCm: parseDecimal(values.height ?? ''),
    invoiceValueCents: moneyCents(values.invoiceValue ?? ''),
    service: values.service ?? '',
  });
}

/**
 * Whether the shipment asks for a delivery code: as the office ticked it, or (not chosen yet) when
 * the declared value is above the server's setting.
 */
function asksPin(values: FormValues): boolean {
  if (values.deliveryPin) return values.deliveryPin === 'sim';
  const above = pinAboveCents();
  return above > 0 && (moneyCents(values.invoiceValue ?? '') || 0) > above;
}

/** The drivers to choose from; one assigned before who left the list still shows. */
function driverOptions(drivers: Driver[], current: string): Driver[] {
  if (!current || drivers.some((d) => d.id === current)) return drivers;
  return [...drivers, { id: current, name: 'Motorista atual (fora da lista)' }];
}

type FieldOf = (name: string) => {
  name: string;
  value: string;
  onValueChange: (v: string) => void;
  error?: string;
  required: boolean;
  label: string;
};

/** Where a CEP's answer goes: each part in its own field. */
const CEP_LAYOUT = (party: Party): CepLayout => ({
  [`${party}Street`]: ['street'],
  [`${party}District`]: ['district'],
  [`${party}City`]: ['city'],
  [`${party}State`]: ['state'],
});

/** One party: name, document, phone, and the address in the parts a driver and a label need. */
function PartyBlock({
  party,
  field,
  form,
}: {
  party: Party;
  field: FieldOf;
  form: FormikProps<FormValues>;
}) {
  const f = (name: string) => field(`${party}${name}`);
  // The CEP fills the UF at once (no signal needed) and the rest of the address when it can; a
  // UF that contradicts the CEP stops the save.
  const cep = useCepFill(form, {
    zip: `${party}Zip`,
    layout: CEP_LAYOUT(party),
    place: `${party}State`,
    city: `${party}City`,
  });
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
      <Text as="legend" fontWeight="bold" fontSize="lg" px="2">
        {PARTY_LABEL[party]}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField {...f('Name')} label="Nome" />
        <TextField
          {...f('Document')}
          label="CPF/CNPJ"
          inputMode="numeric"
          placeholder="CPF ou CNPJ"
          format={formatAnyDocument}
        />
        <TextField
          {...f('Phone')}
          label="Telefone"
          type="tel"
          inputMode="tel"
          placeholder="(00) 00000-0000"
          format={formatPhone}
          maxLength={15}
        />
        <TextField
          {...f('Zip')}
          label="CEP"
          inputMode="numeric"
          placeholder="00000-000"
          format={formatCep}
          maxLength={9}
          onValueChange={cep.onZipChange}
          {...cep.zipHelper}
        />
        <TextField {...f('Street')} label="Logradouro" helper="Rua, avenida, rodovia..." />
        <SimpleGrid columns={2} gap="4">
          <TextField {...f('StreetNumber')} label="Número" helper="Ou S/N" maxLength={20} />
          <TextField {...f('Complement')} label="Complemento" maxLength={100} />
        </SimpleGrid>
        <TextField {...f('District')} label="Bairro" maxLength={100} />
        <SimpleGrid columns={2} gap="4" templateColumns="1fr auto">
          <TextField {...f('City')} label="Cidade" maxLength={100} helper={cep.cityNote} />
          <SelectField {...f('State')} label="UF" options={STATE_CODES} placeholder="UF" />
        </SimpleGrid>
        {party === 'recipient' && (
          <TextField
            {...f('Email')}
            label="E-mail"
            type="email"
            inputMode="email"
            helper="Opcional: recebe o código de entrega, quando pedido"
            maxLength={254}
          />
        )}
        {party === 'recipient' && (
          <TextField
            {...f('Receiver')}
            label="Quem deve receber"
            helper="Opcional: a pessoa, a portaria ou a recepção que o motorista procura"
            maxLength={120}
          />
        )}
      </SimpleGrid>
    </Box>
  );
}
