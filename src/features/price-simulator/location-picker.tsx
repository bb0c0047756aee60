import { Box, Button, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { filterLocalities, type Locality } from '../../domain/localities';

interface LocationPickerProps {
  question: string;
  value: Locality | null;
  onChange: (value: Locality | null) => void;
}

/** Collapsible list of the 16 places: choose one, or 'Alterar' to choose again. */
export function LocationPicker({ question, value, onChange }: LocationPickerProps) {
  const [open, setOpen] = useState(true);
  const [query, setQuery] = useState('');
  const bodyId = useId();
  const inputId = useId();
  const options = filterLocalities(query);

  return (
    <Box borderWidth="1px" borderRadius="lg" overflow="hidden">
      <Flex align="center" justify="space-between" gap="2" bg="bg.muted" px="4" py="3">
        <Button
          variant="plain"
          p="0"
          h="auto"
          fontWeight="semibold"
          whiteSpace="normal"
          textAlign="left"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          {value ?? question}
        </Button>
        {value && (
          <Button
            size="xs"
            variant="outline"
            aria-label={`Alterar: ${question}`}
            onClick={() => {
              onChange(null);
              setQuery('');
              setOpen(true);
            }}
          >
            Alterar
          </Button>
        )}
      </Flex>
      {open && (
        <Box id={bodyId} px="4" py="3">
          {value ? (
            <Text color="green.fg">{value} selecionado</Text>
          ) : (
            <Stack gap="2">
              <label htmlFor={inputId}>
                <Text srOnly>{question}</Text>
              </label>
              <Input
                id={inputId}
                placeholder="Localidades"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                autoComplete="off"
              />
              <Stack
                as="ul"
                gap="1"
                maxH="56"
                overflowY="auto"
                listStyleType="none"
                aria-label={question}
              >
                {options.map((place) => (
                  <li key={place}>
                    <Button
                      variant="ghost"
                      size="sm"
                      w="full"
                      justifyContent="flex-start"
                      onClick={() => onChange(place)}
                    >
                      {place}
                    </Button>
                  </li>
                ))}
                {options.length === 0 && (
                  <Text color="fg.muted">Nenhuma localidade encontrada</Text>
                )}
              </Stack>
            </Stack>
          )}
        </Box>
      )}
    </Box>
  );
}
