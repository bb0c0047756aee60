import { Alert, type SystemStyleObject } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { quoteDraftFrom } from '../../domain/quote-draft';
import { PageTitle } from '../../components/page-title';
import { ParcelMeasures } from '../../forms/parcel-measures';
import { PartyFields } from '../../forms/party-fields';
import { RadioField, RequestFormEnd, SelectField } from '../../forms/form-fields';
import { useSharedClasses } from '../../forms/shared-classes';
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

/** Two columns from `md` up, as Chakra's `SimpleGrid columns={{ base: 1, md: 2 }}` writes them. */
const TWO_COLUMNS = {
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(1, minmax(0, 1fr))', md: 'repeat(2, minmax(0, 1fr))' },
} as const;

/**
 * The classes of the page's own frame (its stacks, the calculator's fieldset and grids, the
 * summary's rows), as Chakra's Stack, HStack, Box, Text and SimpleGrid with these props gave them,
 * made once (src/forms/shared-classes.ts): as those components, the frame was some twenty styled
 * elements, each resolving and serializing its styles while the page went live.
 */
function useQuoteClasses() {
  return useSharedClasses('quote-page', (named) => {
    const column = (gap: string, more?: SystemStyleObject) =>
      `chakra-stack ${named({ display: 'flex', flexDirection: 'column', gap, ...more })}`;
    const row = {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      flexDirection: 'row',
      gap: '0.5rem',
    } as const;
    return {
      page: column('6'),
      calculator: column('4'),
      fieldset: named({ borderWidth: '1px', borderRadius: 'xl', p: { base: '4', md: '6' } }),
      legend: named({ fontWeight: 'bold', fontSize: 'lg', px: '2' }),
      twoColumns: named(TWO_COLUMNS, { gap: '4' }),
      summary: column('1', { bg: 'bg.muted', borderRadius: 'lg', p: '4' }),
      row: `chakra-stack ${named(row)}`,
      total: `chakra-stack ${named({ ...row, fontWeight: 'bold', fontSize: 'lg' })}`,
    };
  });
}

export default function QuotePage() {
  const classes = useQuoteClasses();
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
    <div className={classes.page}>
      <PageTitle title="Solicitação de Cotação" />
      <form onSubmit={onSubmit} noValidate>
        <div className={classes.page}>
          <fieldset className={classes.fieldset}>
            <legend className={classes.legend}>Calculadora</legend>
            <div className={classes.calculator}>
              <div className={classes.twoColumns}>
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
              </div>
              <RadioField
                label="Tipo de encomenda"
                options={PARCEL_TYPE_OPTIONS}
                {...field('parcelType')}
              />
              <ParcelMeasures field={field} weightLabel="Peso real (kg)" />
              <div className={classes.twoColumns}>
                <TextField label="Número da NF" {...field('invoiceNumber')} />
                <MoneyField label="Valor da NF (R$)" {...field('invoiceValue')} />
              </div>
              <div className={classes.summary} role="region" aria-label="Resumo da cotação">
                <div className={classes.row}>
                  <p>Peso cubado</p>
                  <p data-testid="quote-volumetric">{formatKg(quote.volumetricKg)}</p>
                </div>
                <div className={classes.row}>
                  <p>Peso cobrado</p>
                  <p data-testid="quote-chargeable">{formatKg(quote.chargeableKg)}</p>
                </div>
                <div className={classes.row}>
                  <p>Taxa de seguro da NF (1%)</p>
                  <p data-testid="quote-insurance">{formatCents(quote.insuranceCents)}</p>
                </div>
                <div className={classes.total}>
                  <p>Valor total</p>
                  <p data-testid="quote-total">
                    {quote.totalCents === null ? CONSULTAR : formatCents(quote.totalCents)}
                  </p>
                </div>
              </div>
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
            </div>
          </fieldset>

          <PartyFields of={rulesForm} prefix="sender" title="Remetente" withEmail />
          <PartyFields of={rulesForm} prefix="recipient" title="Destinatário" withReceiver />

          <RequestFormEnd
            description={field('itemDescription')}
            sending={form.isSubmitting}
            label="Enviar"
          />
        </div>
      </form>
    </div>
  );
}
