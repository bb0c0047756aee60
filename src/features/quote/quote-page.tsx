import { Alert, Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PageTitle } from '../../components/page-title';
import { ParcelMeasures } from '../../components/parcel-measures';
import { PartyFields } from '../../components/party-fields';
import { PrivacyNotice, RadioField, SelectField } from '../../components/form-fields';
import { useRulesForm } from '../../components/use-rules-form';
import { TextField } from '../../components/text-field';
import { announce } from '../../components/submission-toasts';
import { toaster } from '../../components/toaster';
import {
  CONSULTAR,
  DEFAULT_ORIGIN,
  formatCents,
  formatKg,
  formatMoneyFinal,
  formatMoneyTyping,
  LOCALITIES,
  PARCEL_TYPE_OPTIONS,
  priceQuote,
  QUOTE_CALCULATOR_FIELDS,
  schemaFor,
  SUBMISSION_KINDS,
  type FormValues,
} from '../../domain';
import { submit } from '../../lib/outbox';

const QUOTE_RULES = SUBMISSION_KINDS.quote.rules;
const schema = schemaFor(QUOTE_RULES);
const RULE = Object.fromEntries(QUOTE_RULES.map((r) => [r.name, r]));

const INITIAL: FormValues = {
  ...Object.fromEntries(QUOTE_RULES.map((r) => [r.name, ''])),
  pickupLocation: DEFAULT_ORIGIN,
  parcelType: 'encomenda',
  senderDocumentType: 'cpf',
  recipientDocumentType: 'cpf',
};

export default function QuotePage() {
  const { form, field, isRequired, onSubmit, showErrors } = useRulesForm({
    kind: 'quote',
    rules: QUOTE_RULES,
    schema,
    initialValues: INITIAL,
    onIncomplete: ({ missing, invalid }) =>
      // SPEC.md §8's words when something required is empty; otherwise say what is wrong.
      toaster.create({
        title: missing.length ? 'Formulário incompleto' : 'Confira os dados destacados',
        description: missing.length
          ? 'Por favor preencha todos os campos obrigatórios marcados em vermelho.'
          : invalid.join('; '),
        type: 'error',
        duration: 5000,
      }),
    onValid: async (values, context) => {
      // Sent as typed: the server reads the numbers with the same domain parsers and prices it.
      const outcome = await submit('quote', values, undefined, context.replaces);
      announce(outcome, {
        sent: {
          title: 'Solicitação enviada',
          description: 'Sua solicitação de cotação foi enviada com sucesso!',
          duration: 5000,
        },
        failed: {
          title: 'Erro ao enviar',
          description:
            'Ocorreu um erro ao enviar sua solicitação. Por favor, tente novamente mais tarde.',
        },
      });
      if (outcome.status === 'failed') context.refused(outcome.item);
      else context.reset();
    },
  });

  const missingCalculator = showErrors
    ? QUOTE_CALCULATOR_FIELDS.filter((f) => form.errors[f]).map((f) => RULE[f]!.label)
    : [];
  const quote = priceQuote(form.values);

  return (
    <Stack gap="6">
      <PageTitle title="Solicitação de Cotação" />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="6">
          <Box as="fieldset" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
            <Text as="legend" fontWeight="bold" fontSize="lg" px="2">
              Calculadora
            </Text>
            <Stack gap="4">
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <SelectField
                  label="Local de retirada"
                  options={LOCALITIES}
                  {...field('pickupLocation')}
                />
                <SelectField
                  label="Local de entrega"
                  options={LOCALITIES}
                  {...field('deliveryLocation')}
                />
              </SimpleGrid>
              <RadioField
                label="Tipo de encomenda"
                options={PARCEL_TYPE_OPTIONS}
                {...field('parcelType')}
              />
              <ParcelMeasures field={field} weightLabel="Peso real (kg)" />
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <TextField label="Número da NF" {...field('invoiceNumber')} />
                <TextField
                  label="Valor da NF (R$)"
                  inputMode="decimal"
                  placeholder="R$ 0,00"
                  format={formatMoneyTyping}
                  settle={formatMoneyFinal}
                  {...field('invoiceValue')}
                />
              </SimpleGrid>
              <Stack
                gap="1"
                bg="bg.muted"
                borderRadius="lg"
                p="4"
                role="region"
                aria-label="Resumo da cotação"
              >
                <HStack justify="space-between">
                  <Text>Peso cubado</Text>
                  <Text data-testid="quote-volumetric">{formatKg(quote.volumetricKg)}</Text>
                </HStack>
                <HStack justify="space-between">
                  <Text>Peso cobrado</Text>
                  <Text data-testid="quote-chargeable">{formatKg(quote.chargeableKg)}</Text>
                </HStack>
                <HStack justify="space-between">
                  <Text>Taxa de seguro da NF (1%)</Text>
                  <Text data-testid="quote-insurance">{formatCents(quote.insuranceCents)}</Text>
                </HStack>
                <HStack justify="space-between" fontWeight="bold" fontSize="lg">
                  <Text>Valor total</Text>
                  <Text data-testid="quote-total">
                    {quote.totalCents === null ? CONSULTAR : formatCents(quote.totalCents)}
                  </Text>
                </HStack>
              </Stack>
              {missingCalculator.length > 0 && (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>Preencha os campos da calculadora:</Alert.Title>
                    <Alert.Description data-testid="missing-calculator">
                      {missingCalculator.join(', ')}
                    </Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              )}
            </Stack>
          </Box>

          <PartyFields
            form={form}
            prefix="sender"
            title="Remetente"
            required={isRequired}
            showErrors={showErrors}
            withEmail
          />
          <PartyFields
            form={form}
            prefix="recipient"
            title="Destinatário"
            required={isRequired}
            showErrors={showErrors}
            withReceiver
          />

          <TextField label="Descrição do item" multiline {...field('itemDescription')} />
          <PrivacyNotice />
          <Box>
            <Button
              type="submit"
              colorPalette="brand"
              size="lg"
              loading={form.isSubmitting}
              loadingText="Enviando..."
            >
              Enviar
            </Button>
          </Box>
        </Stack>
      </form>
    </Stack>
  );
}
