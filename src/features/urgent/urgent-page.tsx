import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { PageTitle } from '../../components/page-title';
import { ParcelMeasures } from '../../components/parcel-measures';
import { PartyFields } from '../../components/party-fields';
import { PrivacyNotice } from '../../components/form-fields';
import { useRulesForm } from '../../components/use-rules-form';
import { TextField } from '../../components/text-field';
import { announce } from '../../components/submission-toasts';
import { toaster } from '../../components/toaster';
import { schemaFor, SUBMISSION_KINDS, type FormValues } from '../../domain';
import { submit } from '../../lib/outbox';

const URGENT_RULES = SUBMISSION_KINDS.urgent.rules;
const schema = schemaFor(URGENT_RULES);

const INITIAL: FormValues = {
  ...Object.fromEntries(URGENT_RULES.map((r) => [r.name, ''])),
  senderDocumentType: 'cpf',
  recipientDocumentType: 'cpf',
};

export default function UrgentPage() {
  const { form, field, isRequired, onSubmit, showErrors } = useRulesForm({
    kind: 'urgent',
    rules: URGENT_RULES,
    schema,
    initialValues: INITIAL,
    onIncomplete: ({ missing, invalid }) =>
      // SPEC.md §8's words when something required is empty; otherwise say what is wrong.
      toaster.create({
        title: missing.length
          ? 'Por favor, preencha todos os campos obrigatórios'
          : 'Confira os dados destacados',
        description: missing.length ? undefined : invalid.join('; '),
        type: 'error',
        duration: 5000,
      }),
    onValid: async (values, context) => {
      // Sent as typed: the server reads the numbers with the same domain parsers.
      const outcome = await submit('urgent', values, undefined, context.replaces);
      announce(outcome, {
        sent: {
          title: 'Solicitação recebida',
          description: 'Vamos verificar sua solicitação e enviar uma cotação para sua aprovação.',
          duration: 10_000,
        },
        failed: { title: 'Erro ao enviar solicitação. Por favor, tente novamente mais tarde.' },
      });
      if (outcome.status === 'failed') context.refused(outcome.item);
      else context.reset();
    },
  });

  return (
    <Stack gap="6">
      <PageTitle title="Entrega Urgente" />
      <Text color="fg.muted">
        Para todo o Brasil: recebemos seu pedido e enviamos uma cotação para aprovação.
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="6">
          <PartyFields
            form={form}
            prefix="sender"
            title="Remetente"
            required={isRequired}
            showErrors={showErrors}
            withEmail
            withInvoice
          />
          <PartyFields
            form={form}
            prefix="recipient"
            title="Destinatário"
            required={isRequired}
            showErrors={showErrors}
            withReceiver
          />
          <Box as="fieldset" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
            <Text as="legend" fontWeight="bold" fontSize="lg" px="2">
              Volume
            </Text>
            <ParcelMeasures field={field} weightLabel="Peso (kg)" />
          </Box>
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
              Enviar solicitação
            </Button>
          </Box>
        </Stack>
      </form>
    </Stack>
  );
}
