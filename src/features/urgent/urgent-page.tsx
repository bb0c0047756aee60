import { Box, Stack, Text } from '@chakra-ui/react';
import { PageTitle } from '../../components/page-title';
import { ParcelMeasures } from '../../forms/parcel-measures';
import { PartyFields } from '../../forms/party-fields';
import { TextField } from '../../forms/text-field';
import { RequestFormEnd } from '../../forms/form-fields';
import { useRulesForm } from '../../forms/use-rules-form';
import { announceProblems, sendForm } from '../../forms/send-form';
import { SUBMISSION_KINDS, type FormValues } from '../../domain';

const URGENT_RULES = SUBMISSION_KINDS.urgent.rules;

const INITIAL: FormValues = {
  ...Object.fromEntries(URGENT_RULES.map((r) => [r.name, ''])),
  senderDocumentType: 'cpf',
  recipientDocumentType: 'cpf',
};

export default function UrgentPage() {
  const rulesForm = useRulesForm({
    kind: 'urgent',
    rules: URGENT_RULES,
    initialValues: INITIAL,
    onIncomplete: (problems) =>
      announceProblems(problems, { title: 'Por favor, preencha todos os campos obrigatórios' }),
    onValid: (values, context) =>
      sendForm('urgent', values, context, {
        sent: (item) => ({
          title: item.result?.number
            ? `Solicitação nº ${item.result.number} recebida`
            : 'Solicitação recebida',
          description: item.result?.number
            ? `Vamos verificar sua solicitação e enviar uma cotação para sua aprovação. Guarde o número ${item.result.number} para falar conosco.`
            : 'Vamos verificar sua solicitação e enviar uma cotação para sua aprovação.',
          duration: 10_000,
        }),
        failed: { title: 'Erro ao enviar solicitação. Por favor, tente novamente mais tarde.' },
      }),
  });
  const { form, field, ruleField, onSubmit } = rulesForm;

  return (
    <Stack gap="6">
      <PageTitle title="Entrega Urgente" />
      <Text color="fg.muted">
        Para todo o Brasil: recebemos seu pedido e enviamos uma cotação para aprovação.
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="6">
          <PartyFields of={rulesForm} prefix="sender" title="Remetente" withEmail withInvoice />
          <PartyFields of={rulesForm} prefix="recipient" title="Destinatário" withReceiver />
          <Box as="fieldset" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
            <Text as="legend" fontWeight="bold" fontSize="lg" px="2">
              Volume
            </Text>
            <ParcelMeasures field={field} weightLabel="Peso (kg)" />
            <Box mt="4">
              <TextField {...ruleField('desiredDeadline')} helper="Por exemplo: hoje até as 18h." />
            </Box>
          </Box>
          <RequestFormEnd
            description={field('itemDescription')}
            sending={form.isSubmitting}
            label="Enviar solicitação"
          />
        </Stack>
      </form>
    </Stack>
  );
}
