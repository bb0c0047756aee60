import { Badge, Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { toaster } from '../../../components/toaster';
import { COMPANY_RULES, checkCompany, type CompanyFields } from '../../../domain/companies';
import type { FieldErrors } from '../../../domain/fields';
import { formatCnpj } from '../../../domain/masks';
import { PeoplePanel } from '../../../forms/people-panel';
import { TextField } from '../../../forms/text-field';
import { failureKind, fieldMessages, serverMessage, staffApi } from '../../../lib/pocketbase';
import { StaffPage } from '../staff-page';
import { KEPT_COMPANIES } from './sites';

interface Company extends CompanyFields {
  id: string;
  disabled: boolean;
}

const EMPTY: CompanyFields = { name: '', taxId: '', stateRegistration: '', street: '', town: '' };
const labelOf = (name: keyof CompanyFields) => COMPANY_RULES.find((r) => r.name === name)!.label;

function kept(): Company[] | null {
  try {
    return JSON.parse(localStorage.getItem(KEPT_COMPANIES) ?? 'null') as Company[] | null;
  } catch {
    return null;
  }
}

/** 'Novo cliente' and a company's edit: the domain's rules here, and again on the server. */
function CompanyForm({
  company,
  onSaved,
  onCancel,
}: {
  company?: Company;
  onSaved: (saved: Company) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<CompanyFields>(() =>
    company
      ? {
          name: company.name,
          taxId: company.taxId,
          stateRegistration: company.stateRegistration,
          street: company.street,
          town: company.town,
        }
      : EMPTY,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const field = (name: keyof CompanyFields) => ({
    label: labelOf(name),
    value: values[name],
    onValueChange: (value: string) => setValues((v) => ({ ...v, [name]: value })),
    error: errors[name],
    required: COMPANY_RULES.find((r) => r.name === name)!.required,
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkCompany({ ...values });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const saved = await staffApi.send<Company>(
        company ? `/api/clientes/${company.id}` : '/api/clientes',
        { method: 'POST', body: values, requestKey: null },
      );
      toaster.create({
        title: company ? 'Cliente atualizado' : 'Cliente cadastrado',
        description: saved.name,
        type: 'success',
      });
      onSaved(saved);
    } catch (error) {
      setErrors(fieldMessages(error));
      toaster.create(
        failureKind(error) === 'offline'
          ? {
              title: 'Sem conexão',
              description:
                'O cadastro de clientes precisa de sinal. O que você digitou continua aqui.',
              type: 'warning',
            }
          : { title: serverMessage(error) || 'Não foi possível salvar.', type: 'error' },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box borderWidth="1px" borderRadius="lg" p="4">
      <form onSubmit={submit} noValidate>
        <Stack gap="3">
          <Heading as="h2" size="md">
            {company ? `Editar ${company.name}` : 'Novo cliente'}
          </Heading>
          <TextField {...field('name')} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <TextField {...field('taxId')} inputMode="numeric" format={formatCnpj} />
            <TextField {...field('stateRegistration')} />
          </SimpleGrid>
          <TextField {...field('street')} helper="De onde saem as coletas da empresa." />
          <TextField {...field('town')} placeholder="Itumbiara - GO" />
          <Flex gap="2">
            <Button type="submit" colorPalette="brand" loading={busy}>
              Salvar
            </Button>
            <Button variant="outline" onClick={onCancel}>
              Cancelar
            </Button>
          </Flex>
        </Stack>
      </form>
    </Box>
  );
}

function CompanyItem({
  company,
  onEdit,
  onChanged,
}: {
  company: Company;
  onEdit: () => void;
  onChanged: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      await staffApi.send(`/api/clientes/${company.id}/situacao`, {
        method: 'POST',
        body: { disabled: !company.disabled },
        requestKey: null,
      });
      toaster.create({
        title: company.disabled
          ? `${company.name} pode entrar de novo`
          : `${company.name} desativado: os acessos da empresa terminaram agora`,
        type: 'success',
      });
      onChanged();
    } catch (error) {
      toaster.create({
        title:
          failureKind(error) === 'offline'
            ? 'Sem conexão: tente de novo quando o sinal voltar.'
            : serverMessage(error) || 'Não foi possível concluir.',
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" p="4" aria-label={company.name}>
      <Flex justify="space-between" gap="2" wrap="wrap" align="start">
        <Box minW="0">
          <Text fontWeight="bold">{company.name}</Text>
          <Text fontSize="sm">CNPJ {company.taxId}</Text>
          <Text fontSize="sm" color="fg.muted">
            {company.street} · {company.town}
          </Text>
        </Box>
        <Badge colorPalette={company.disabled ? 'red' : 'green'}>
          {company.disabled ? 'Desativado' : 'Ativo'}
        </Badge>
      </Flex>
      <Flex gap="2" mt="3" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? 'Fechar pessoas' : 'Pessoas'}
        </Button>
        <Button size="sm" variant="outline" onClick={onEdit}>
          Editar
        </Button>
        <Button
          size="sm"
          variant="outline"
          colorPalette={company.disabled ? undefined : 'red'}
          loading={busy}
          onClick={() => void toggle()}
        >
          {company.disabled ? 'Reativar' : 'Desativar'}
        </Button>
      </Flex>
      {open && (
        <Box mt="3">
          <PeoplePanel api={staffApi} companyId={company.id} />
        </Box>
      )}
    </Box>
  );
}

/** 'Clientes': the office's client companies, their fixed pickup sites and their people. */
function Clients() {
  const [list, setList] = useState<Company[] | null>(kept);
  const [offline, setOffline] = useState(false);
  const [editing, setEditing] = useState<Company | 'new' | null>(null);

  const [version, setVersion] = useState(0);
  const load = () => setVersion((v) => v + 1);

  useEffect(() => {
    let gone = false;
    staffApi
      .collection('companies')
      .getFullList<Company>({
        sort: 'name',
        fields: 'id,name,taxId,stateRegistration,street,town,disabled',
        requestKey: null,
      })
      .then(
        (items) => {
          localStorage.setItem(KEPT_COMPANIES, JSON.stringify(items));
          if (gone) return;
          setList(items);
          setOffline(false);
        },
        (error: unknown) => {
          if (!gone && failureKind(error) === 'offline') setOffline(true);
        },
      );
    return () => {
      gone = true;
    };
  }, [version]);

  useEffect(() => {
    window.addEventListener('online', load);
    return () => window.removeEventListener('online', load);
  }, []);

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Text role="status" fontSize="sm" color={offline ? 'orange.fg' : 'fg.muted'}>
          {offline
            ? 'Sem conexão: a última lista baixada neste aparelho.'
            : list
              ? `${list.length} ${list.length === 1 ? 'cliente' : 'clientes'}`
              : 'Carregando...'}
        </Text>
        {editing === null && (
          <Button colorPalette="brand" size="sm" onClick={() => setEditing('new')}>
            Novo cliente
          </Button>
        )}
      </Flex>
      {editing !== null && (
        <CompanyForm
          company={editing === 'new' ? undefined : editing}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      )}
      {list && (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Clientes">
          {list.map((company) => (
            <CompanyItem
              key={company.id}
              company={company}
              onEdit={() => setEditing(company)}
              onChanged={load}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export default function ClientsPage() {
  return (
    <StaffPage title="Clientes">
      <Clients />
    </StaffPage>
  );
}
