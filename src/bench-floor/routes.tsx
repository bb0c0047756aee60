import { Heading } from '@chakra-ui/react';
import { company } from '../config/company';

/** The floor's only content, prerendered (src/entry-prerender.tsx) and hydrated (./app.tsx). */
export function AppRoutes() {
  return (
    <main>
      <title>{`Referência | ${company.shortName}`}</title>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} m="6" color="brand.fg">
        Página de referência
      </Heading>
    </main>
  );
}
