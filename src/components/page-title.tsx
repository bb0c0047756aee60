import { Heading } from '@chakra-ui/react';
import { company } from '../config/company';

/** Sets the document title (React 19 hoists <title>) and, unless hidden, shows the page heading. */
export function PageTitle({ title, hidden = false }: { title: string; hidden?: boolean }) {
  return (
    <>
      <title>{`${title} | ${company.shortName}`}</title>
      {!hidden && (
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mb="6" color="brand.fg">
          {title}
        </Heading>
      )}
    </>
  );
}
