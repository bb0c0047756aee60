import { Box, Stack, Table, Text } from '@chakra-ui/react';
import { PageTitle } from '../../components/page-title';
import { DELIVERY_TIME, LOCALITIES, SERVICE_NAME } from '../../domain';

export default function LocalitiesPage() {
  return (
    <Stack gap="4">
      <PageTitle title="Localidades Atendidas" />
      <Text>Locais de coleta e entrega atendidos pelo serviço expresso.</Text>
      {/* Fits a 390 px phone as it is: words wrap inside their cells, nothing scrolls sideways. */}
      <Box borderWidth="1px" borderRadius="lg" overflow="hidden">
        <Table.Root size="sm" striped css={{ '& th, & td': { whiteSpace: 'normal', px: '3' } }}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Localidade</Table.ColumnHeader>
              <Table.ColumnHeader>Prazo de entrega</Table.ColumnHeader>
              <Table.ColumnHeader>Serviço</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {LOCALITIES.map((place) => (
              <Table.Row key={place}>
                <Table.Cell>{place}</Table.Cell>
                <Table.Cell>{DELIVERY_TIME}</Table.Cell>
                <Table.Cell>{SERVICE_NAME}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}
