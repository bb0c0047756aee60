import { Box, Button, Card, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageTitle } from '../../components/page-title';
import { StaticIsland } from '../../components/static-island';
import { UntilLive } from '../../components/until-live';
import { company } from '../../config/company';
import { paths } from '../../config/paths';
import { BASE_CITIES } from '../../domain/localities';

// The simulator's fields and choices (Ark's machines: some 17 KB) are not needed to paint the
// page or to follow its links: their code comes beside the page's, and React adopts the
// simulator's prerendered HTML when it arrives, in a task of its own (its fields wait for that,
// see UntilLive). Fetched as soon as this module runs, so a visit from another page does not
// wait for it either.
const loadSimulator = import('./price-simulator');
const PriceSimulator = lazy(() => loadSimulator.then((m) => ({ default: m.PriceSimulator })));

export default function HomePage() {
  return (
    <Stack gap="10">
      <PageTitle title="Início" hidden />
      <Grid templateColumns={{ base: '1fr', md: '3fr 2fr' }} gap="6" alignItems="center">
        <StaticIsland>
          <Box>
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }} color="brand.fg" mb="3">
              Soluções de Transporte
            </Heading>
            <Text fontSize="xl" mb="2">
              {company.tagline}
            </Text>
            <Text color="fg.muted" mb="6">
              Bases em {BASE_CITIES.join(' e ')}
            </Text>
            <Button asChild colorPalette="brand" size="lg">
              <RouterLink to={paths.quote}>Cotação Expressa</RouterLink>
            </Button>
          </Box>
          <Card.Root asChild variant="elevated" _hover={{ shadow: 'lg' }}>
            <RouterLink to={paths.urgent}>
              <Card.Body>
                <HStack justify="space-between">
                  <Box>
                    <Card.Title as="h2" fontSize="xl">
                      Cotação Urgente
                    </Card.Title>
                    <Card.Description fontSize="md">Todo Brasil</Card.Description>
                  </Box>
                  <Text fontSize="2xl" aria-hidden="true">
                    →
                  </Text>
                </HStack>
              </Card.Body>
            </RouterLink>
          </Card.Root>
        </StaticIsland>
      </Grid>
      <Suspense fallback={null}>
        <UntilLive>
          <PriceSimulator />
        </UntilLive>
      </Suspense>
    </Stack>
  );
}
