import { Heading } from '@chakra-ui/react';
import { company } from '../config/company';

/**
 * Sets the document title (React 19 hoists <title>) and, unless hidden, shows the page heading
 * (the title, unless another heading is given).
 */
export function PageTitle({
  title,
  heading = title,
  hidden = false,
}: {
  title: string;
  heading?: string;
  hidden?: boolean;
}) {
  return (
    <>
      <title>{`${title} | ${company.shortName}`}</title>
      {!hidden && (
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mb="6" color="brand.fg">
          {heading}
        </Heading>
      )}
    </>
  );
}
