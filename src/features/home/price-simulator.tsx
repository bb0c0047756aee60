import { Box, Button, Grid, Heading, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { memo, useState, useSyncExternalStore } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { quoteDraftQuery } from '../../domain/quote-draft';
import { formatCents, formatKg } from '../../domain/format';
import { CONSULTAR, quoteParcel } from '../../domain/pricing';
import { moneyCents, parseDecimal } from '../../domain/numbers';
import { PARCEL_TYPE_OPTIONS } from '../../domain/parcel-types';
import type { Locality } from '../../domain/localities';
import { DecimalField, MoneyField } from '../../forms/number-fields';
import { RadioChoice } from '../../forms/radio-choice';
import { TextField } from '../../forms/text-field';
import { LocationPicker } from './location-picker';

const LABEL_SPACED = { mb: '2' } as const;

type ShipmentType = (typeof PARCEL_TYPE_OPTIONS)[number]['value'];

/** The figures typed into the simulator. */
interface Figures {
  weight: string;
  width: string;
  length: string;
  height: string;
  invoiceValue: string;
}
const NO_FIGURES: Figures = { weight: '', width: '', length: '', height: '', invoiceValue: '' };

/**
 * The typed figures live outside React state: a keystroke draws again only the field typed in and
 * the summary under it, not the whole simulator (every field, both place pickers, the layout).
 */
class FigureStore {
  private figures = NO_FIGURES;
  private readonly listeners = new Set<() => void>();
  readonly all = () => this.figures;
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  set(name: keyof Figures, value: string) {
    if (this.figures[name] === value) return;
    this.figures = { ...this.figures, [name]: value };
    for (const listener of this.listeners) listener();
  }
}

const useFigures = (store: FigureStore) =>
  useSyncExternalStore(store.subscribe, store.all, store.all);

/** One figure's field, drawn again only when its own value changes. */
const FigureField = memo(function FigureField({
  store,
  name,
  money = false,
  ...props
}: {
  store: FigureStore;
  name: keyof Figures;
  money?: boolean;
  label: string;
  placeholder?: string;
}) {
  const value = useSyncExternalStore(
    store.subscribe,
    () => store.all()[name],
    () => '',
  );
  const Input = money ? MoneyField : DecimalField;
  return <Input {...props} value={value} onValueChange={(v) => store.set(name, v)} />;
});

function quoteOf(f: Figures) {
  return quoteParcel({
    weightKg: parseDecimal(f.weight),
    lengthCm: parseDecimal(f.length),
    widthCm: parseDecimal(f.width),
    heightCm: parseDecimal(f.height),
    invoiceCents: moneyCents(f.invoiceValue),
  });
}

function CubagemLine({ store }: { store: FigureStore }) {
  const figures = useFigures(store);
  const complete = [figures.width, figures.length, figures.height].every(
    (d) => parseDecimal(d) > 0,
  );
  return (
    <Text mt="3" color="fg.muted" fontSize="sm">
      {complete
        ? `Cubagem: ${formatKg(quoteOf(figures).volumetricKg)}`
        : 'Por favor, insira os dados solicitados acima'}
    </Text>
  );
}

function Summary({ store }: { store: FigureStore }) {
  const quote = quoteOf(useFigures(store));
  return (
    <Stack gap="2" aria-live="polite" aria-label="Resumo da simulação" role="region">
      <SummaryLine label="Peso (kg):" value={formatKg(quote.actualKg)} />
      <SummaryLine label="Cubagem:" value={formatKg(quote.volumetricKg)} />
      {quote.insuranceCents > 0 && (
        <SummaryLine label="Taxa de seguro da NF (1%)" value={formatCents(quote.insuranceCents)} />
      )}
      <SummaryLine label="Peso Total:" value={formatKg(quote.chargeableKg)} />
      <SummaryLine
        label="Valor Total:"
        value={quote.totalCents === null ? CONSULTAR : formatCents(quote.totalCents)}
        strong
      />
    </Stack>
  );
}

const ShipmentTypeChoice = memo(function ShipmentTypeChoice({
  value,
  onChange,
}: {
  value: ShipmentType;
  onChange: (value: ShipmentType) => void;
}) {
  return (
    <RadioChoice
      label="Tipo de envio"
      value={value}
      options={PARCEL_TYPE_OPTIONS}
      onValueChange={(v) => onChange(v as ShipmentType)}
      labelStyles={LABEL_SPACED}
    />
  );
});

function SummaryLine({
  label,
  value,
  strong = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <HStack
      justify="space-between"
      fontWeight={strong ? 'bold' : 'normal'}
      fontSize={strong ? 'lg' : 'md'}
    >
      <Text>{label}</Text>
      <Text data-testid={label}>{value}</Text>
    </HStack>
  );
}

/** To the quote form with what was typed here: nobody types the same figures twice. */
function QuoteLink({
  store,
  shipmentType,
  pickup,
  delivery,
  invoiceNumber,
}: {
  store: FigureStore;
  shipmentType: ShipmentType;
  pickup: Locality | null;
  delivery: Locality | null;
  invoiceNumber: string;
}) {
  const figures = useFigures(store);
  const query = quoteDraftQuery({
    ...figures,
    parcelType: shipmentType,
    pickupLocation: pickup ?? '',
    deliveryLocation: delivery ?? '',
    invoiceNumber,
  });
  return (
    <Button asChild colorPalette="brand" alignSelf="start">
      <RouterLink to={`${paths.quote}${query}`}>Solicitar cotação com estes dados</RouterLink>
    </Button>
  );
}

/** 'Simule Valores': everything is computed on the device, so it works with no connection. */
export function PriceSimulator() {
  const [shipmentType, setShipmentType] = useState<ShipmentType>('encomenda');
  const [pickup, setPickup] = useState<Locality | null>(null);
  const [delivery, setDelivery] = useState<Locality | null>(null);
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [store] = useState(() => new FigureStore());

  return (
    <Box
      as="section"
      aria-labelledby="simulador"
      borderWidth="1px"
      borderRadius="xl"
      p={{ base: '4', md: '6' }}
      bg="bg"
    >
      <Heading id="simulador" as="h2" size="xl" mb="4">
        Simule Valores
      </Heading>
      <Stack gap="5">
        <ShipmentTypeChoice value={shipmentType} onChange={setShipmentType} />

        <LocationPicker
          question="Qual será o local de Coleta"
          value={pickup}
          onChange={setPickup}
        />
        <LocationPicker
          question="Onde vamos entregar sua Encomenda?"
          value={delivery}
          onChange={setDelivery}
        />

        <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
          <FigureField
            store={store}
            name="weight"
            label="PESO (kg)"
            placeholder="Digite o peso real"
          />
          <TextField
            label="Nota Fiscal Número"
            placeholder="Digite o número da NF"
            value={invoiceNumber}
            onValueChange={setInvoiceNumber}
          />
          <FigureField store={store} name="invoiceValue" label="Valor da Nota Fiscal" money />
        </Grid>

        <Box as="fieldset" borderWidth="1px" borderRadius="lg" p="4">
          <Text as="legend" fontWeight="semibold" px="1">
            Cubagem
          </Text>
          <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
            <FigureField store={store} name="width" label="Largura (cm)" />
            <FigureField store={store} name="length" label="Comprimento (cm)" />
            <FigureField store={store} name="height" label="Altura (cm)" />
          </Grid>
          <CubagemLine store={store} />
        </Box>

        <Separator />
        <Summary store={store} />
        <QuoteLink
          store={store}
          shipmentType={shipmentType}
          pickup={pickup}
          delivery={delivery}
          invoiceNumber={invoiceNumber}
        />
      </Stack>
    </Box>
  );
}
