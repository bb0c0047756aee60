import { Alert, Box, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { quoteDraftFrom } from '../../domain/quote-draft';
import { PageTitle } from '../../components/page-title';
import { ParcelMeasures } from '../../forms/parcel-measures';
import { PartyFields } from '../../forms/party-fields';
import { RadioField, RequestFormEnd, SelectField } from '../../forms/form-fields';
import { useRulesForm } from '../../forms/use-rules-form';
import { MoneyField } from '../../forms/number-fields';
import { TextField } from '../../forms/text-field';
import { announceProblems, sendForm } from '../../forms/send-form';
import {
  CONSULTAR,
  DEFAULT_ORIGIN,
  formatCents,
  formatKg,
  LOCALITIES,
  PARCEL_TYPE_OPTIONS,
  priceQuote,
  QUOTE_CALCULATOR_FIELDS,
  SUBMISSION_KINDS,
  type FormValues,
} from '../../domain';

const QUOTE_RULES = SUBMISSION_KINDS.quote.rules;
const RULE = Object.fromEntries(QUOTE_RULES.map((r) => [r.name, r]));

const INITIAL: FormValues = {
  ...Object.fromEntries(QUOTE_RULES.map((r) => [r.name, ''])),
  pickupLocation: DEFAULT_ORIGIN,
  parcelType: 'encomenda',
  senderDocumentType: 'cpf',
  recipientDocumentType: 'cpf',
};

export default function QuotePage() {
  const rulesForm = useRulesForm({
    kind: 'quote',
    rules: QUOTE_RULES,
    initialValues: INITIAL,
    onIncomplete: (problems) =>
      announceProblems(problems, {
        title: 'Formulário incompleto',
        description: 'Por favor preencha todos os campos obrigatórios marcados em vermelho.',
      }),
    onValid: (values, context) =>
      sendForm('quote', values, context, {
        // The number the server gave: the requester quotes it when calling.
        sent: (item) => ({
          title: item.result?.number
            ? `Cotação nº ${item.result.number} enviada`
            : 'Solicitação enviada',
          description: item.result?.number
            ? `Sua solicitação de cotação nº ${item.result.number} foi enviada com sucesso! Guarde este número para falar conosco.`
            : 'Sua solicitação de cotação foi enviada com sucesso!',
          duration: 10_000,
        }),
        failed: {
          title: 'Erro ao enviar',
          description:
            'Ocorreu um erro ao enviar sua solicitação. Por favor, tente novamente mais tarde.',
        },
      }),
  });
  const { form, field, onSubmit, showErrors } = rulesForm;
  // What the simulator priced (its link's address) fills the form once the page is live: the
  // prerendered page is the blank form, and React must first adopt it as it is.
  const [params] = useSearchParams();
  const draftKey = params.toString();
  useEffect(() => {
    const draft = quoteDraftFrom(new URLSearchParams(draftKey));
    if (Object.keys(draft).length) void form.setValues((before) => ({ ...before, ...draft }));
    // Once per address: what the person types afterwards is theirs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftKey]);

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
                <MoneyField label="Valor da NF (R$)" {...field('invoiceValue')} />
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

          <PartyFields of={rulesForm} prefix="sender" title="Remetente" withEmail />
          <PartyFields of={rulesForm} prefix="recipient" title="Destinatário" withReceiver />

          <RequestFormEnd
            description={field('itemDescription')}
            sending={form.isSubmitting}
            label="Enviar"
          />
        </Stack>
      </form>
    </Stack>
  );
}
