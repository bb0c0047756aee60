import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import type { FormikProps } from 'formik';
import {
  formatCep,
  formatDocument,
  formatPhone,
  isValidCnpj,
  isValidCpf,
  type DocumentType,
  type FormValues,
} from '../domain';
import { RadioField } from './form-fields';
import { MoneyField } from './number-fields';
import { TextField } from './text-field';
import { useCepFill } from './use-cep-fill';
import type { CepLayout } from '../domain/cep';

const DOCUMENT_OPTIONS = [
  { value: 'cpf', label: 'CPF' },
  { value: 'cnpj', label: 'CNPJ' },
];

interface PartyFieldsProps {
  /** The form it belongs to, as useRulesForm gives it. */
  of: {
    form: FormikProps<FormValues>;
    /** Which fields the form requires (for the red asterisk). */
    isRequired: (name: string) => boolean;
    /** From the first submit attempt on, or when the server refused what was sent. */
    showErrors: boolean;
  };
  prefix: 'sender' | 'recipient';
  title: string;
  withEmail?: boolean;
  withReceiver?: boolean;
  withInvoice?: boolean;
}

/**
 * Where a CEP's answer goes in these forms: they keep the address as one line and the place as
 * the city with its UF ('Rua 7 - Setor Oeste', 'Goiânia - GO', as the app writes places), which
 * the e-mails, the inbox and the shipment made from a request already read.
 */
const CEP_LAYOUT: Record<'sender' | 'recipient', CepLayout> = {
  sender: { senderAddress: ['street', 'district'], senderCity: ['city', 'state'] },
  recipient: { recipientAddress: ['street', 'district'], recipientCity: ['city', 'state'] },
};

/**
 * Sender or recipient card: document with its mask, name, phone, CEP (which fills the address and
 * the city), address, city, and extras.
 */
export function PartyFields({
  of: { form, isRequired: required, showErrors },
  prefix,
  title,
  withEmail,
  withReceiver,
  withInvoice,
}: PartyFieldsProps) {
  const name = (field: string) => `${prefix}${field}`;
  const props = (field: string) => ({
    name: name(field),
    value: form.values[name(field)] ?? '',
    onValueChange: (v: string) => void form.setFieldValue(name(field), v),
    error: showErrors ? form.errors[name(field)] : undefined,
    required: required(name(field)),
  });
  const documentType = (form.values[name('DocumentType')] || 'cpf') as DocumentType;
  const cep = useCepFill(form, {
    zip: name('Zip'),
    layout: CEP_LAYOUT[prefix],
    place: name('City'),
    city: name('City'),
  });

  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
      <Text as="legend" fontWeight="bold" fontSize="lg" px="2">
        {title}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <RadioField
          label="Tipo de documento"
          name={name('DocumentType')}
          value={documentType}
          options={DOCUMENT_OPTIONS}
          onValueChange={(v) => {
            // A CPF's digits are no CNPJ (and the other way round): keep them only if valid for the new type.
            const typed = form.values[name('Document')] ?? '';
            const valid = v === 'cnpj' ? isValidCnpj(typed) : isValidCpf(typed);
            void form.setFieldValue(name('DocumentType'), v);
            void form.setFieldValue(
              name('Document'),
              valid ? formatDocument(v as DocumentType, typed) : '',
            );
          }}
        />
        <TextField
          label={documentType === 'cpf' ? 'CPF' : 'CNPJ'}
          aria-label={`${documentType === 'cpf' ? 'CPF' : 'CNPJ'} do ${prefix === 'sender' ? 'remetente' : 'destinatário'}`}
          inputMode={documentType === 'cpf' ? 'numeric' : 'text'}
          placeholder={documentType === 'cpf' ? '000.000.000-00' : '00.000.000/0000-00'}
          format={(v) => formatDocument(documentType, v)}
          {...props('Document')}
        />
        <TextField
          label="Nome"
          autoComplete="name"
          {...props('Name')}
          onValueChange={(v) => {
            // The receiver follows the recipient's name until someone types a different one.
            if (
              prefix === 'recipient' &&
              withReceiver &&
              (form.values.recipientReceiver ?? '') === (form.values.recipientName ?? '')
            ) {
              void form.setFieldValue('recipientReceiver', v);
            }
            void form.setFieldValue(name('Name'), v);
          }}
        />
        <TextField
          label="Telefone"
          type="tel"
          inputMode="tel"
          placeholder="(00) 00000-0000"
          format={formatPhone}
          maxLength={15}
          {...props('Phone')}
        />
        {/* The CEP before the address: its answer fills what comes after it. */}
        <TextField
          label="CEP"
          inputMode="numeric"
          placeholder="00000-000"
          format={formatCep}
          autoComplete="postal-code"
          {...props('Zip')}
          onValueChange={cep.onZipChange}
          {...cep.zipHelper}
        />
        <TextField label="Endereço" autoComplete="street-address" {...props('Address')} />
        <TextField
          label="Cidade"
          autoComplete="address-level2"
          {...props('City')}
          helper={cep.cityNote}
        />
        {withEmail && (
          <TextField
            label="E-mail"
            type="email"
            inputMode="email"
            autoComplete="email"
            {...props('Email')}
          />
        )}
        {withReceiver && (
          <TextField
            label="Recebedor"
            helper="Quem recebe a encomenda no destino"
            {...props('Receiver')}
          />
        )}
      </SimpleGrid>
      {withInvoice && (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="4">
          <TextField
            label="Número da NF"
            name="invoiceNumber"
            value={form.values.invoiceNumber ?? ''}
            onValueChange={(v) => void form.setFieldValue('invoiceNumber', v)}
          />
          <MoneyField
            label="Valor da NF (R$)"
            name="invoiceValue"
            value={form.values.invoiceValue ?? ''}
            onValueChange={(v) => void form.setFieldValue('invoiceValue', v)}
            error={showErrors ? form.errors.invoiceValue : undefined}
          />
        </SimpleGrid>
      )}
    </Box>
  );
}
