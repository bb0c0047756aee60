import { Box, Button, Checkbox, Grid, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PrivacyNotice, RadioField, SelectField } from '../../forms/form-fields';
import { useRulesForm } from '../../forms/use-rules-form';
import { DecimalField, MoneyField } from '../../forms/number-fields';
import { TextField } from '../../forms/text-field';
import { toaster } from '../../components/toaster';
import { company } from '../../config/company';
import { paths } from '../../config/paths';
import {
  DELIVERY_TYPES,
  formatPhone,
  SUBMISSION_KINDS,
  STATE_CODES,
  YES_NO,
  type FormValues,
} from '../../domain';
import { signOutClient } from './session';
import { submit, type SubmitOutcome } from '../../offline';
import { outcomeMessage, refusal } from '../../offline/messages';
import { DEVICE_FULL, isQuotaError } from '../../lib/storage';
import { clientApi } from '../../lib/pocketbase';
import { useNextRequestNumber } from './pickup-api';
import { ClientHeader } from './client-nav';
import { saveAddressEntry, useAddressBook } from './address-book';
import { addressOf, entryLabel } from '../../domain/address-book';
import { signedInAccount, useOwnCompany } from './own-company';

const TITLE = 'Formulário de Solicitação';
const ADDRESS_LIST = 'enderecos-salvos';
const PICKUP_RULES = SUBMISSION_KINDS.pickup.rules;
const INITIAL: FormValues = {
  ...Object.fromEntries(PICKUP_RULES.map((r) => [r.name, ''])),
  saiLocalColeta: 'sim',
};

/** A person's own pickups start with their name as who asked; the shared password types it. */
function initialValues(): FormValues {
  const account = signedInAccount();
  return account && account.kind !== 'compartilhada' && account.name
    ? { ...INITIAL, solicitadaPor: account.name }
    : INITIAL;
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
      <Text as="legend" fontWeight="bold" fontSize="lg" px="2">
        {title}
      </Text>
      <Stack gap="4">{children}</Stack>
    </Box>
  );
}

function PickupRequestForm() {
  const navigate = useNavigate();
  const [sentCount, setSentCount] = useState(0);
  const next = useNextRequestNumber(sentCount);
  const site = useOwnCompany();
  const book = useAddressBook();
  const [saveAddress, setSaveAddress] = useState(false);

  const { form, field, onSubmit } = useRulesForm({
    kind: 'pickup',
    rules: PICKUP_RULES,
    initialValues: initialValues(),
    onValid: async (values, context) => {
      let outcome: SubmitOutcome;
      try {
        outcome = await submit('pickup', values, clientApi.authStore.token, context.replaces);
      } catch (error) {
        // Not even stored on the device (a full disk): the form keeps everything that was typed.
        if (!isQuotaError(error)) throw error;
        toaster.create({ ...DEVICE_FULL, type: 'error', duration: 15_000 });
        return;
      }
      toaster.create(
        outcomeMessage(outcome, {
          sent: (item) => ({
            title: 'Solicitação enviada',
            description: `Obrigado! A solicitação nº ${item.result?.number ?? ''} foi recebida pela ${company.shortName}. Vamos verificá-la e responder por e-mail ainda hoje.`,
            duration: 10_000,
          }),
          queued: {
            title: 'Solicitação guardada neste aparelho',
            description: `Sem conexão agora: o número ${next.number} é provisório. Ela será enviada automaticamente e o número final aparecerá em um aviso.`,
            duration: 10_000,
          },
          needsAuth: {
            title: 'Entre de novo para enviar',
            description:
              'Sua sessão expirou. A solicitação está guardada neste aparelho e será enviada assim que você digitar a senha.',
          },
          failed: refusal({
            title: 'Erro ao enviar',
            description: 'Ocorreu um erro ao enviar sua solicitação. Por favor, tente novamente.',
          }),
        }),
      );
      if (outcome.status === 'failed') {
        context.refused(outcome.item);
        return;
      }
      // The tick: the place goes into the company's address book (kept here until it can be sent).
      if (saveAddress) saveAddressEntry(values);
      setSaveAddress(false);
      context.reset();
      setSentCount((n) => n + 1);
      if (outcome.status === 'needs-auth') {
        signOutClient();
        navigate(paths.access);
      } else {
        navigate(paths.home);
      }
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="6">
        <Group title="Dados da solicitação">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField
              label="Número da solicitação"
              name="numeroSolicitacao"
              value={`${next.number}${next.provisional ? ' (provisório)' : ''}`}
              onValueChange={() => undefined}
              readOnly
              // Given by the server, not typed: it looks like a value, not like an empty box to fill.
              variant="subtle"
              fontWeight="bold"
              cursor="default"
              helper={
                next.provisional
                  ? 'Sem conexão: o número final é dado pelo servidor no envio.'
                  : undefined
              }
            />
            <TextField
              label="Solicitada por"
              placeholder="Nome completo"
              autoComplete="name"
              {...field('solicitadaPor')}
            />
          </SimpleGrid>
          <RadioField
            label="O que vamos entregar?"
            options={DELIVERY_TYPES.map((t) => ({ value: t, label: t }))}
            {...field('tipoEntrega')}
          />
          {form.values.tipoEntrega === 'Outros' && (
            <TextField label="O que vamos buscar?" multiline {...field('outroTipoEntrega')} />
          )}
          <RadioField
            label={`A encomenda sai da ${site.name}?`}
            options={YES_NO.map((v) => ({ value: v, label: v === 'sim' ? 'Sim' : 'Não' }))}
            {...field('saiLocalColeta')}
          />
          <Box
            bg="bg.muted"
            borderRadius="lg"
            p="4"
            fontSize="sm"
            role="note"
            aria-label="Local de coleta fixo"
          >
            <Text fontWeight="bold">{site.name}</Text>
            <Text>CNPJ: {site.taxId}</Text>
            {site.stateRegistration && <Text>Inscrição estadual: {site.stateRegistration}</Text>}
            <Text>{site.street}</Text>
            <Text>{site.town}</Text>
          </Box>
        </Group>

        <Group title="Onde será a coleta deste material?">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField
              label="Empresa"
              {...field('empresa')}
              list={ADDRESS_LIST}
              autoComplete="off"
              helper={book.length ? 'Digite para ver os endereços salvos da empresa.' : undefined}
              onValueChange={(value) => {
                // A saved place chosen from the suggestions fills every field of the place.
                const chosen = book.find((entry) => entryLabel(entry) === value);
                if (chosen) void form.setValues({ ...form.values, ...addressOf(chosen) });
                else void form.setFieldValue('empresa', value);
              }}
            />
            <TextField label="Contato" {...field('contato')} />
            <TextField
              label="Telefone"
              type="tel"
              inputMode="tel"
              format={formatPhone}
              {...field('telefone')}
            />
            <TextField
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="email"
              {...field('email')}
            />
            <TextField label="Endereço" {...field('endereco')} />
            <TextField label="Cidade" {...field('cidade')} />
            <SelectField label="Estado" options={STATE_CODES} {...field('estado')} />
          </SimpleGrid>
          <datalist id={ADDRESS_LIST}>
            {book.map((entry) => (
              <option key={entry.id} value={entryLabel(entry)} />
            ))}
          </datalist>
          <Checkbox.Root
            checked={saveAddress}
            onCheckedChange={(d) => setSaveAddress(d.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Salvar este local para as próximas coletas</Checkbox.Label>
          </Checkbox.Root>
        </Group>

        <Group title="Peso e Dimensões">
          <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(5, 1fr)' }} gap="4">
            {(
              [
                ['peso', 'Peso (kg)'],
                ['altura', 'Altura (cm)'],
                ['comprimento', 'Comprimento (cm)'],
                ['largura', 'Largura (cm)'],
              ] as const
            ).map(([name, label]) => (
              <DecimalField key={name} label={label} {...field(name)} />
            ))}
            <MoneyField label="Valor da NF (R$)" {...field('valorNF')} />
          </Grid>
        </Group>

        <PrivacyNotice />
        <Box>
          <Button type="submit" colorPalette="brand" size="lg" disabled={form.isSubmitting}>
            {form.isSubmitting ? 'Enviando...' : 'Enviar Solicitação'}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

/** The form, for the corporate client's session (client-area.tsx checks it). */
export default function PickupRequestPage() {
  return (
    <Stack gap="6">
      <ClientHeader title={TITLE} />
      <PickupRequestForm />
    </Stack>
  );
}
