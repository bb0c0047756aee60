import { Box, Heading, Link, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PageTitle } from '../../components/page-title';
import { company } from '../../config/company';
import { paths } from '../../config/paths';
import { BASE_CITIES, EXPRESS_ONLY_CITIES } from '../../domain';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box as="section" borderWidth="1px" borderRadius="xl" p="6">
      <Heading as="h2" size="lg" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

export default function ServicesPage() {
  return (
    <Stack gap="6">
      <PageTitle title="Nossos Serviços" />
      <Text fontSize="lg">
        A {company.shortName} é uma transportadora rodoviária e aérea de cargas fracionadas e
        encomendas, com coleta e entrega porta a porta. Atendemos a partir de{' '}
        {BASE_CITIES.join(' e ')}, com logística personalizada para necessidades profissionais.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        <Section title="Entrega Expressa">
          <Text mb="3">
            Coleta e entrega em 24 a 48 horas. O serviço expresso se aplica somente a:{' '}
            {EXPRESS_ONLY_CITIES.join(', ')}.
          </Text>
          <Text>
            Para as demais localidades, usamos o serviço de entrega urgente, com entrega agendada.
          </Text>
        </Section>
        <Section title="Entrega Urgente">
          <Text>
            Para todo o Brasil: recebemos sua solicitação, verificamos a rota e enviamos uma cotação
            para sua aprovação, com entrega agendada.
          </Text>
        </Section>
        <Section title="Especialidades">
          <List.Root ps="5">
            <List.Item>Documentos e contratos</List.Item>
            <List.Item>Amostras e peças industriais</List.Item>
            <List.Item>Cargas fracionadas</List.Item>
            <List.Item>Coleta e entrega porta a porta</List.Item>
          </List.Root>
        </Section>
        <Section title="Por que escolher a gente">
          <List.Root ps="5">
            <List.Item>Prazos curtos e cumpridos</List.Item>
            <List.Item>Rastreamento de cada etapa</List.Item>
            <List.Item>Atendimento direto, por telefone, e-mail ou WhatsApp</List.Item>
            <List.Item>Seguro da carga pelo valor da nota fiscal</List.Item>
          </List.Root>
        </Section>
      </SimpleGrid>
      <Text>
        Veja todas as{' '}
        <Link asChild color="brand.fg" fontWeight="semibold">
          <RouterLink to={paths.localities}>localidades atendidas</RouterLink>
        </Link>
        .
      </Text>
    </Stack>
  );
}
