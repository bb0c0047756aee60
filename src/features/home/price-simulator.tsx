import { Box, Grid, Heading, HStack, RadioGroup, Separator, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatCents, formatKg } from '../../domain/format';
import { CONSULTAR, quoteParcel } from '../../domain/pricing';
import { moneyCents, parseDecimal } from '../../domain/numbers';
import { PARCEL_TYPE_OPTIONS } from '../../domain/parcel-types';
import type { Locality } from '../../domain/localities';
import { DecimalField, MoneyField } from '../../forms/number-fields';
import { TextField } from '../../forms/text-field';
import { LocationPicker } from './location-picker';

type ShipmentType = (typeof PARCEL_TYPE_OPTIONS)[number]['value'];

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

/** 'Simule Valores': everything is computed on the device, so it works with no connection. */
export function PriceSimulator() {
  const [shipmentType, setShipmentType] = useState<ShipmentType>('encomenda');
  const [pickup, setPickup] = useState<Locality | null>(null);
  const [delivery, setDelivery] = useState<Locality | null>(null);
  const [weight, setWeight] = useState('');
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [width, setWidth] = useState('');
  const [length, setLength] = useState('');
  const [height, setHeight] = useState('');
  const [invoiceValue, setInvoiceValue] = useState('');

  const quote = quoteParcel({
    weightKg: parseDecimal(weight),
    lengthCm: parseDecimal(length),
    widthCm: parseDecimal(width),
    heightCm: parseDecimal(height),
    invoiceCents: moneyCents(invoiceValue),
  });
  const dimensionsComplete = [width, length, height].every((d) => parseDecimal(d) > 0);

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
        <RadioGroup.Root
          value={shipmentType}
          onValueChange={(e) => setShipmentType(e.value as ShipmentType)}
          colorPalette="brand"
        >
          <RadioGroup.Label mb="2">Tipo de envio</RadioGroup.Label>
          <HStack gap="6">
            {PARCEL_TYPE_OPTIONS.map((t) => (
              <RadioGroup.Item key={t.value} value={t.value}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{t.label}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </RadioGroup.Root>

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
          <DecimalField
            label="PESO (kg)"
            placeholder="Digite o peso real"
            value={weight}
            onValueChange={setWeight}
          />
          <TextField
            label="Nota Fiscal Número"
            placeholder="Digite o número da NF"
            value={invoiceNumber}
            onValueChange={setInvoiceNumber}
          />
          <MoneyField
            label="Valor da Nota Fiscal"
            value={invoiceValue}
            onValueChange={setInvoiceValue}
          />
        </Grid>

        <Box as="fieldset" borderWidth="1px" borderRadius="lg" p="4">
          <Text as="legend" fontWeight="semibold" px="1">
            Cubagem
          </Text>
          <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
            {(
              [
                ['Largura (cm)', width, setWidth],
                ['Comprimento (cm)', length, setLength],
                ['Altura (cm)', height, setHeight],
              ] as const
            ).map(([label, value, set]) => (
              <DecimalField key={label} label={label} value={value} onValueChange={set} />
            ))}
          </Grid>
          <Text mt="3" color="fg.muted" fontSize="sm">
            {dimensionsComplete
              ? `Cubagem: ${formatKg(quote.volumetricKg)}`
              : 'Por favor, insira os dados solicitados acima'}
          </Text>
        </Box>

        <Separator />
        <Stack gap="2" aria-live="polite" aria-label="Resumo da simulação" role="region">
          <SummaryLine label="Peso (kg):" value={formatKg(quote.actualKg)} />
          <SummaryLine label="Cubagem:" value={formatKg(quote.volumetricKg)} />
          {quote.insuranceCents > 0 && (
            <SummaryLine
              label="Taxa de seguro da NF (1%)"
              value={formatCents(quote.insuranceCents)}
            />
          )}
          <SummaryLine label="Peso Total:" value={formatKg(quote.chargeableKg)} />
          <SummaryLine
            label="Valor Total:"
            value={quote.totalCents === null ? CONSULTAR : formatCents(quote.totalCents)}
            strong
          />
        </Stack>
      </Stack>
    </Box>
  );
}
