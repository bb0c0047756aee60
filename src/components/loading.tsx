import { Box } from '@chakra-ui/react';

/** What a route shows while its code arrives ('Carregando...'). */
export function Loading() {
  return (
    <Box role="status" py="16" textAlign="center" color="fg.muted">
      Carregando...
    </Box>
  );
}
