import { Box, Button, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { Loading } from '../../components/loading';
import { toaster } from '../../components/toaster';
import { paths } from '../../config/paths';
import {
  ADDRESS_RULES,
  addressOf,
  checkAddressEntry,
  matchEntries,
  type AddressEntry,
  type AddressField,
} from '../../domain/address-book';
import type { FieldErrors } from '../../domain/fields';
import { formatPhone } from '../../domain/masks';
import { STATE_CODES } from '../../domain/states';
import { SelectField } from '../../forms/select-field';
import { TextField } from '../../forms/text-field';
import { useHydrated } from '../../hooks/use-hydrated';
import { useSession } from '../../hooks/use-session';
import { clientApi } from '../../lib/pocketbase';
import { removeAddressEntry, saveAddressEntry, useAddressBook } from './address-book';
import { ClientHeader } from './client-nav';

const labelOf = (name: AddressField) => ADDRESS_RULES.find((r) => r.name === name)!.label;

/** An entry edited with the pickup form's rules; saved here at once and sent when online. */
function EntryForm({ entry, onDone }: { entry: AddressEntry; onDone: () => void }) {
  const [values, setValues] = useState<Record<AddressField, string>>(() => addressOf(entry));
  const [errors, setErrors] = useState<FieldErrors>({});
  const field = (name: AddressField) => ({
    label: labelOf(name),
    value: values[name],
    onValueChange: (value: string) => setValues((v) => ({ ...v, [name]: value })),
    error: errors[name],
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkAddressEntry(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    saveAddressEntry(values, entry.id);
    toaster.create({
      title: 'Endereço salvo',
      description: navigator.onLine
        ? values.empresa
        : `${values.empresa}: guardado neste aparelho, vai para a empresa quando o sinal voltar.`,
      type: 'success',
    });
    onDone();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={`Editar ${entry.empresa}`}>
      <Stack gap="3" mt="3">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <TextField {...field('empresa')} />
          <TextField {...field('contato')} />
          <TextField {...field('telefone')} type="tel" inputMode="tel" format={formatPhone} />
          <TextField {...field('email')} type="email" inputMode="email" />
          <TextField {...field('endereco')} />
          <TextField {...field('cidade')} />
          <SelectField {...field('estado')} name="estado" options={STATE_CODES} />
        </SimpleGrid>
        <Flex gap="2">
          <Button type="submit" colorPalette="brand" size="sm">
            Salvar
          </Button>
          <Button variant="outline" size="sm" onClick={onDone}>
            Cancelar
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

function Addresses() {
  const book = useAddressBook();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState('');
  const shown = search.trim() ? matchEntries(book, search, book.length) : book;
  return (
    <Stack gap="4">
      <Text color="fg.muted">
        Os endereços salvos no formulário de coleta (marque "Salvar este local para as próximas
        coletas") aparecem aqui e são oferecidos a todas as pessoas da empresa enquanto digitam,
        também sem conexão.
      </Text>
      <TextField label="Buscar" value={search} onValueChange={setSearch} type="search" />
      {book.length === 0 && <Text>Nenhum endereço salvo ainda.</Text>}
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Endereços salvos">
        {shown.map((entry) => (
          <Box
            as="li"
            key={entry.id}
            borderWidth="1px"
            borderRadius="lg"
            p="4"
            aria-label={entry.empresa}
          >
            <Text fontWeight="bold">{entry.empresa}</Text>
            <Text fontSize="sm">
              {entry.contato} · {entry.telefone}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {entry.endereco} - {entry.cidade}/{entry.estado}
            </Text>
            {editing === entry.id ? (
              <EntryForm entry={entry} onDone={() => setEditing('')} />
            ) : (
              <Flex gap="2" mt="2">
                <Button size="sm" variant="outline" onClick={() => setEditing(entry.id)}>
                  Editar
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => {
                    removeAddressEntry(entry.id);
                    toaster.create({ title: 'Endereço removido', description: entry.empresa });
                  }}
                >
                  Remover
                </Button>
              </Flex>
            )}
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

/** 'Endereços': the company's address book, for its people. */
export default function AddressesPage() {
  const token = useSession(clientApi);
  const hydrated = useHydrated();
  if (!hydrated) return <Loading />;
  if (!token) return <Navigate to={paths.access} replace />;
  return (
    <Stack gap="5">
      <ClientHeader title="Endereços" />
      <Addresses />
    </Stack>
  );
}
